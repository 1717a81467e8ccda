import type { Course, CourseProgress } from '@alcancia/contract';
import { flattenSections } from './course-navigation';

/**
 * Spec §4 keeps two readings of when the certificate is offered and asks to honour both (the API
 * does too): the course is finished (`finished_at` set), or the last section of the last module
 * is not a video class.
 */
export function isCertificateAvailable(
  course: Pick<Course, 'modules'>,
  progress: Pick<CourseProgress, 'finished_at'> | null | undefined,
): boolean {
  if (progress?.finished_at) return true;
  const last = flattenSections(course).at(-1);
  return last !== undefined && last.section.type !== 'CLASS';
}

/** Spec §9: the PNG is named with the course name plus `_certificado`. */
export function certificateFileName(courseName: string): string {
  // Characters that no file system accepts in a name become spaces; accents stay.
  const safe = courseName
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return `${safe || 'curso'}_certificado.png`;
}

import type { Course, CourseProgress } from '@alcancia/contract';
import { flattenSections } from './course-navigation';

/**
 * Spec §4 keeps two readings of when the certificate is offered and asks to honour both (the API
 * does too), never without the work (decision 49): the course is finished (`finished_at` set), or
 * the last section of the last module is not a video class and every class is complete (a
 * closing material need not be opened).
 */
export function isCertificateAvailable(
  course: Pick<Course, 'modules'>,
  progress:
    | (Pick<CourseProgress, 'finished_at'> &
        Partial<Pick<CourseProgress, 'in_progress_modules' | 'finished_modules'>>)
    | null
    | undefined,
): boolean {
  if (progress?.finished_at) return true;
  const sections = flattenSections(course);
  const last = sections.at(-1);
  if (!progress || last === undefined || last.section.type === 'CLASS') return false;
  const classes = sections.filter(({ section }) => section.type === 'CLASS');
  return (
    classes.length > 0 &&
    classes.every(
      ({ module, section }) =>
        progress.finished_modules?.[module.id] === true ||
        (progress.in_progress_modules?.[module.id]?.sections[section.id]?.complete_fraction ?? 0) >= 1,
    )
  );
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

/**
 * Whether to ask for her full name before the first certificate (issue 30): the certificate
 * carries the name on her profile when it is first made, and a single word ("Ana") is a first
 * name only. Unknown (the profile not loaded yet) asks nothing.
 */
export function needsFullName(name: string | null | undefined): boolean {
  if (name === null || name === undefined) return false;
  return name.trim().split(/\s+/).filter(Boolean).length < 2;
}

/** The Spanish error for a full name typed in that question, or null when it will do. */
export function fullNameError(typed: string): string | null {
  const words = typed.trim().split(/\s+/).filter(Boolean);
  if (words.length < 2) return 'Escribí tu nombre y tu apellido, como querés que figuren en el certificado.';
  if (typed.trim().length > 100) return 'Tu nombre puede tener hasta 100 caracteres.';
  return null;
}

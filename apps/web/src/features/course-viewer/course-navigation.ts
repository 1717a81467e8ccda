import type { Course, CourseModule, CourseProgress, Section } from '@alcancia/contract';
import { academyCoursePath } from '../../lib/paths';

/** A section with the module it belongs to: the viewer always needs both (progress is per module). */
export interface PlacedSection {
  module: CourseModule;
  section: Section;
}

export const coursePath = (courseId: string) => academyCoursePath(courseId);
export const sectionPath = (courseId: string, sectionId: string) =>
  `${coursePath(courseId)}/${encodeURIComponent(sectionId)}`;

const byOrder = <T extends { order: number }>(a: T, b: T) => a.order - b.order;

/** Modules by order, each with its sections by order (the API sorts them; the viewer does not rely on it). */
export function sortedModules(course: Pick<Course, 'modules'>): CourseModule[] {
  return [...course.modules].sort(byOrder).map((module) => ({
    ...module,
    sections: [...module.sections].sort(byOrder),
  }));
}

/** Every section of the course in reading order, across modules. */
export function flattenSections(course: Pick<Course, 'modules'>): PlacedSection[] {
  return sortedModules(course).flatMap((module) => module.sections.map((section) => ({ module, section })));
}

/** A section can be opened unless it is EMPTY (a placeholder without content). */
export const isOpenable = (section: Pick<Section, 'type'>) => section.type !== 'EMPTY';

export function findSection(course: Pick<Course, 'modules'>, sectionId: string): PlacedSection | null {
  return flattenSections(course).find((placed) => placed.section.id === sectionId) ?? null;
}

/** The sections before and after `sectionId`, crossing module boundaries and skipping EMPTY ones. */
export function neighbours(
  course: Pick<Course, 'modules'>,
  sectionId: string,
): { previous: PlacedSection | null; next: PlacedSection | null } {
  const all = flattenSections(course);
  const index = all.findIndex((placed) => placed.section.id === sectionId);
  if (index < 0) return { previous: null, next: null };
  const previous =
    all
      .slice(0, index)
      .reverse()
      .find((placed) => isOpenable(placed.section)) ?? null;
  const next = all.slice(index + 1).find((placed) => isOpenable(placed.section)) ?? null;
  return { previous, next };
}

/**
 * Where `/academy/{courseId}` goes: the last viewed section when the progress names one of this
 * course's sections, otherwise the first section of the first module (the first one that can be
 * opened, since an EMPTY section shows nothing). Null when the course has no content at all.
 */
export function redirectTarget(
  course: Pick<Course, 'modules'>,
  progress: Pick<CourseProgress, 'last_viewed_section'> | null | undefined,
): string | null {
  const openable = flattenSections(course).filter((placed) => isOpenable(placed.section));
  const last = progress?.last_viewed_section;
  if (last && openable.some((placed) => placed.section.id === last)) return last;
  return openable[0]?.section.id ?? null;
}

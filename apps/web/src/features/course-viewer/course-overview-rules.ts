import type { Course, CourseProgress } from '@alcancia/contract';
import { flattenSections, isOpenable, redirectTarget } from './course-navigation';

export interface OverviewFacts {
  classes: number;
  materials: number;
  /** seconds of all its classes */
  totalSeconds: number;
  /** sections she completed out of those that count (every non-EMPTY one), 0–100 */
  percent: number;
  /** where the main button goes, and what it says; null when the course has nothing to open */
  action: { label: 'Comenzar el curso' | 'Continuar' | 'Repasar el curso'; sectionId: string } | null;
}

/**
 * What the course overview (/academy/{courseId}) shows of a course and her progress: its size,
 * how far she got, and the one action that fits: Comenzar (nothing viewed yet), Continuar (the
 * last viewed section, as the spec's redirect did) or Repasar (finished: from the start).
 */
export function overviewFacts(
  course: Pick<Course, 'modules'>,
  progress: CourseProgress | null | undefined,
): OverviewFacts {
  const placed = flattenSections(course);
  const counted = placed.filter(({ section }) => isOpenable(section));
  const done = counted.filter(
    ({ module, section }) =>
      progress?.finished_modules[module.id] === true ||
      (progress?.in_progress_modules[module.id]?.sections[section.id]?.complete_fraction ?? 0) >= 1,
  ).length;
  const classes = placed.filter(({ section }) => section.type === 'CLASS');
  const first = counted[0]?.section.id ?? null;
  const started = Boolean(progress?.last_viewed_section) || done > 0;
  let action: OverviewFacts['action'] = null;
  if (first) {
    if (progress?.finished_at) action = { label: 'Repasar el curso', sectionId: first };
    else if (started) action = { label: 'Continuar', sectionId: redirectTarget(course, progress) ?? first };
    else action = { label: 'Comenzar el curso', sectionId: first };
  }
  return {
    classes: classes.length,
    materials: placed.filter(({ section }) => section.type === 'DOWNLOADABLE_MATERIAL').length,
    totalSeconds: classes.reduce((sum, { section }) => sum + section.duration, 0),
    percent: counted.length === 0 ? 0 : Math.trunc((done * 100) / counted.length),
    action,
  };
}

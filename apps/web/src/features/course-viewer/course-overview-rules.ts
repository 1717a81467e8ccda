import type { Course, CourseProgress } from '@alcancia/contract';
import { plansPath, programDetailPath } from '../../lib/paths';
import { flattenSections, isOpenable, redirectTarget, sectionPath, sortedModules } from './course-navigation';

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

/* ---------- the course page's call to action (issue 20) ---------- */

export type CallToAction =
  | { kind: 'start' | 'continue' | 'review'; label: string; to: string }
  /** no subscription: the plans, with the lowest monthly price when known (centavos) */
  | { kind: 'plans'; label: 'Ver planes'; to: string; monthlyPrice: number | null }
  /** a program is bought on its own: its page with the price and the purchase */
  | { kind: 'buy'; label: 'Comprar'; to: string };

/**
 * The one action that fits her on the course page: Comenzar, Continuar or Repasar when she may
 * open it; Ver planes (with the price) when it needs a subscription; Comprar for a program she
 * has not bought. Null when an open course has nothing to open yet.
 */
export function callToAction(
  course: Pick<Course, 'id' | 'modules' | 'isProgram'>,
  progress: CourseProgress | null | undefined,
  access: { locked: boolean; monthlyPrice?: number | null },
): CallToAction | null {
  if (access.locked) {
    if (course.isProgram) {
      return { kind: 'buy', label: 'Comprar', to: programDetailPath(course.id) };
    }
    return {
      kind: 'plans',
      label: 'Ver planes',
      to: plansPath,
      monthlyPrice: access.monthlyPrice ?? null,
    };
  }
  const action = overviewFacts(course, progress).action;
  if (!action) return null;
  const kind =
    action.label === 'Comenzar el curso' ? 'start' : action.label === 'Continuar' ? 'continue' : 'review';
  return { kind, label: action.label, to: sectionPath(course.id, action.sectionId) };
}

/** Months of each billing period that is counted in months (weekly and fortnightly are not). */
const monthsOf: Partial<Record<string, number>> = {
  monthly: 1,
  bimonthly: 2,
  quarterly: 3,
  fourMonthly: 4,
  semester: 6,
  annual: 12,
};

interface PlanPrices {
  providerPlans: Partial<
    Record<string, { prices: { regularPrice: number; discountPrice: number | null } } | undefined>
  >;
}

/**
 * The lowest price per month among the plans (centavos, whole), what "Ver planes" quotes as
 * "desde": each period's charged price (the discount one when lower) over its months.
 */
export function lowestMonthlyPrice(plans: readonly PlanPrices[] | undefined): number | null {
  let lowest: number | null = null;
  for (const plan of plans ?? []) {
    for (const [frequency, providerPlan] of Object.entries(plan.providerPlans)) {
      const months = monthsOf[frequency];
      if (!months || !providerPlan) continue;
      const { regularPrice, discountPrice } = providerPlan.prices;
      const charged = discountPrice !== null && discountPrice < regularPrice ? discountPrice : regularPrice;
      const perMonth = Math.round(charged / months);
      if (lowest === null || perMonth < lowest) lowest = perMonth;
    }
  }
  return lowest;
}

/**
 * "Lo que vas a aprender": the course's own outcomes when its content gives them, else its
 * modules, in order, as what she will learn.
 */
export function learningOutcomes(
  course: Pick<Course, 'modules'> & Partial<Pick<Course, 'outcomes'>>,
): string[] {
  if (course.outcomes?.length) return course.outcomes;
  return sortedModules(course)
    .filter((module) => module.sections.some((section) => isOpenable(section)))
    .map((module) => module.name);
}

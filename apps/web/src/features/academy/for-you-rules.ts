import type { CourseCard, CurrentUser } from '@alcancia/contract';
import type { KnowledgeLevel, LearningGoal } from '@alcancia/contract/rules';

/**
 * "Para vos" (issue 30, decision 152): the academy's first row for a learner who answered the
 * onboarding's questions. A plain rule over the catalogue's own codes:
 * - each goal is one category of the catalogue;
 * - her knowledge level is a set of course levels;
 * - a course matches when its category is one of her goals' (any category when she chose no goal)
 *   and its level is one of her level's (any level when she chose none);
 * - free courses first, then the catalogue's order; at most `forYouSize` cards.
 */
export const goalCategories: Record<LearningGoal, string> = {
  ORDER_SPENDING: 'ORDER',
  GET_OUT_OF_DEBT: 'DEBTS',
  START_INVESTING: 'INVESTMENT',
  ENTREPRENEURSHIP: 'ENTREPRENEURSHIP',
};

export const levelCourseLevels: Record<KnowledgeLevel, readonly string[]> = {
  NOTHING: ['BEGINNER'],
  SOME: ['BEGINNER', 'INTERMEDIATE'],
  A_LOT: ['INTERMEDIATE', 'ADVANCED'],
};

export const forYouSize = 8;

type Interests = Pick<CurrentUser, 'learningGoals' | 'knowledgeLevel'>;

/** Whether the row is asked for at all: hidden when she skipped both questions. */
export function wantsForYou(user: Interests | undefined): boolean {
  return user !== undefined && (user.learningGoals.length > 0 || user.knowledgeLevel !== null);
}

export function forYouCourses(courses: readonly CourseCard[], user: Interests): CourseCard[] {
  if (!wantsForYou(user)) return [];
  const categories = new Set(user.learningGoals.map((goal) => goalCategories[goal]));
  const levels = user.knowledgeLevel ? new Set(levelCourseLevels[user.knowledgeLevel]) : null;
  const matching = courses.filter(
    (course) =>
      !course.isProgram &&
      (categories.size === 0 || (course.category !== null && categories.has(course.category))) &&
      (levels === null || (course.level !== null && levels.has(course.level))),
  );
  const free = matching.filter((course) => course.isFree);
  const paid = matching.filter((course) => !course.isFree);
  return [...free, ...paid].slice(0, forYouSize);
}

import {
  type NewsPostLink,
  type NewsWeek,
  type WeeklyGoal,
  type WeeklyGoalKind,
  weeklyGoalRangeMessage,
  weeklyGoalRanges,
} from '@alcancia/contract';
import { academyCoursePath } from '../../lib/paths';

/** The player at a class: /academy/{course}/{class}. */
export const classPath = (courseId: string, sectionId: string) =>
  `${academyCoursePath(courseId)}/${encodeURIComponent(sectionId)}`;

/** Where a post's link goes and what its button says. */
export function postLinkOf(link: NewsPostLink): { href: string; text: string } {
  if (link.kind === 'CLASS' && link.sectionId)
    return { href: classPath(link.courseId, link.sectionId), text: 'Ir a la clase' };
  if (link.kind === 'PROGRAM') return { href: academyCoursePath(link.courseId), text: 'Ver el programa' };
  return { href: academyCoursePath(link.courseId), text: 'Ver el curso' };
}

const unit = (kind: WeeklyGoalKind, n: number) =>
  kind === 'MINUTES' ? (n === 1 ? 'minuto' : 'minutos') : n === 1 ? 'clase' : 'clases';

/** "12 de 30 minutos" — what she did this week against her goal, and the whole percentage. */
export function weekProgress(week: NewsWeek): { text: string; percent: number } | null {
  if (!week.goal) return null;
  const done = week.goal.kind === 'MINUTES' ? week.minutes : week.classes;
  return {
    text: `${done} de ${week.goal.target} ${unit(week.goal.kind, week.goal.target)}`,
    percent: Math.min(100, Math.round((done / week.goal.target) * 100)),
  };
}

/** "3 semanas seguidas", or what to do to start one. */
export function streakText(week: NewsWeek): string {
  if (!week.goal)
    return 'Elegí tu meta y empezá tu racha: cuenta semanas, así que un día sin estudiar no la corta.';
  if (week.streakWeeks === 0) return 'Cumplí tu meta esta semana para empezar tu racha.';
  return week.streakWeeks === 1
    ? '1 semana cumplida'
    : `${week.streakWeeks} semanas seguidas cumpliendo tu meta`;
}

/** Her typed goal, checked as the API checks it; the Spanish message when it is out of range. */
export function goalProblem(kind: WeeklyGoalKind, raw: string): string | null {
  const target = Number(raw);
  const { min, max } = weeklyGoalRanges[kind];
  if (!/^\d+$/.test(raw.trim()) || target < min || target > max) return weeklyGoalRangeMessage(kind);
  return null;
}

export const defaultGoal: WeeklyGoal = { kind: 'MINUTES', target: 30 };

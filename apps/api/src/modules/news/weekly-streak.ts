import type { NewsWeek, WeeklyGoal } from '@alcancia/contract';

/**
 * Her week and her streak (issue 44, decision 0351), pure: weeks run Monday to Sunday on the
 * Buenos Aires calendar; a week is kept when what she did in it (minutes of class newly watched,
 * or classes completed, per her goal) reaches her goal. The streak counts kept weeks in a row up to
 * this one. Missed days are forgiven by construction: only the week's total counts, so a day (or
 * several) without study breaks nothing while the week reaches its goal; and the week still open
 * never breaks the streak, it only adds to it once kept.
 */

export const learningTimeZone = 'America/Argentina/Buenos_Aires';

/** The longest streak we count (two years): older weeks are not read. */
export const maxStreakWeeks = 104;

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: learningTimeZone,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The Buenos Aires calendar day of an instant, YYYY-MM-DD. */
export function learningDayOf(instant: Date): string {
  return dayFormat.format(instant);
}

const dayMs = 86_400_000;
const toUtc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const fromUtc = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Monday of a calendar day's week, YYYY-MM-DD. */
export function mondayOf(day: string): string {
  const ms = toUtc(day);
  const weekday = (new Date(ms).getUTCDay() + 6) % 7; // Monday 0 … Sunday 6
  return fromUtc(ms - weekday * dayMs);
}

export function addDays(day: string, days: number): string {
  return fromUtc(toUtc(day) + days * dayMs);
}

export interface WeekTotals {
  seconds: number;
  classes: number;
}

/** A week's figure against her goal: whole minutes, or classes. */
function reached(totals: WeekTotals | undefined, goal: WeeklyGoal): boolean {
  if (!totals) return false;
  const done = goal.kind === 'MINUTES' ? Math.floor(totals.seconds / 60) : totals.classes;
  return done >= goal.target;
}

/**
 * Her week (the one holding `today`) and her streak. `weeks`: what she did per week, keyed by its
 * Monday (weeks with nothing may be absent). Without a goal there is no streak.
 */
export function summarizeWeek(input: {
  today: string;
  weeks: ReadonlyMap<string, WeekTotals>;
  goal: WeeklyGoal | null;
}): NewsWeek {
  const start = mondayOf(input.today);
  const current = input.weeks.get(start) ?? { seconds: 0, classes: 0 };
  const goal = input.goal;
  const thisWeekKept = goal ? reached(current, goal) : false;
  let streakWeeks = 0;
  if (goal) {
    if (thisWeekKept) streakWeeks = 1;
    for (
      let back = 1;
      back < maxStreakWeeks && reached(input.weeks.get(addDays(start, -7 * back)), goal);
      back++
    ) {
      streakWeeks++;
    }
  }
  return {
    start,
    end: addDays(start, 6),
    minutes: Math.floor(current.seconds / 60),
    classes: current.classes,
    goal,
    reached: thisWeekKept,
    streakWeeks,
  };
}

import type { NewsWeek, WeeklyGoal } from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction';
import {
  addDays,
  learningDayOf,
  maxStreakWeeks,
  mondayOf,
  summarizeWeek,
  type WeekTotals,
} from './weekly-streak';

/**
 * Her week and streak (decision 0351) from her goal and her learning days (written by triggers on
 * her progress saves, migration 0041): one statement, her weeks summed by PostgreSQL's ISO week
 * (Monday first), at most the streak's two years back.
 */
export async function loadHerWeek(db: Db, userId: string, now = new Date()): Promise<NewsWeek> {
  const today = learningDayOf(now);
  const from = addDays(mondayOf(today), -7 * maxStreakWeeks);
  const { rows } = await db.execute<{
    kind: WeeklyGoal['kind'] | null;
    target: number | null;
    monday: string | null;
    seconds: string | number | null;
    classes: string | number | null;
  }>(sql`
    select g.kind, g.target, w.monday, w.seconds, w.classes
      from (select 1) one
      left join weekly_goals g on g.user_id = ${userId}
      left join (
        select to_char(date_trunc('week', day), 'YYYY-MM-DD') as monday, sum(seconds) as seconds, sum(classes) as classes
          from learning_days
         where user_id = ${userId} and day >= ${from}::date
         group by 1) w on true`);
  const first = rows[0];
  const goal: WeeklyGoal | null =
    first?.kind && first.target !== null ? { kind: first.kind, target: Number(first.target) } : null;
  const weeks = new Map<string, WeekTotals>();
  for (const row of rows) {
    if (row.monday)
      weeks.set(row.monday, { seconds: Number(row.seconds ?? 0), classes: Number(row.classes ?? 0) });
  }
  return summarizeWeek({ today, weeks, goal });
}

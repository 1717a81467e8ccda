import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { learningDays, weeklyGoals } from '../../db/schema';
import type { Tx } from '../../db/transaction';

/**
 * What Novedades holds of hers (issue 44): her weekly goal and her learning days. In her data
 * export under `extras.news`; erased with her account (also by the foreign keys' cascade).
 * Registered by the composition (app.ts) with account's `registerHerDataPart` (decision 0323).
 */
export const newsHerData = {
  key: 'news',
  async exportRows(db: Database, userId: string): Promise<unknown[]> {
    const [goals, days] = await Promise.all([
      db.select().from(weeklyGoals).where(eq(weeklyGoals.userId, userId)),
      db.select().from(learningDays).where(eq(learningDays.userId, userId)).orderBy(asc(learningDays.day)),
    ]);
    return [
      ...goals.map((goal) => ({
        type: 'weekly_goal',
        kind: goal.kind,
        target: goal.target,
        updatedAt: goal.updatedAt,
      })),
      ...days.map((day) => ({
        type: 'learning_day',
        day: day.day,
        seconds: day.seconds,
        classes: day.classes,
      })),
    ];
  },
  async erase(tx: Tx, userId: string): Promise<void> {
    await tx.delete(weeklyGoals).where(eq(weeklyGoals.userId, userId));
    await tx.delete(learningDays).where(eq(learningDays.userId, userId));
  },
};

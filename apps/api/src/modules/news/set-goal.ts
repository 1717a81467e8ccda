import {
  newsWeekSchema,
  type WeeklyGoal,
  weeklyGoalRangeMessage,
  weeklyGoalRanges,
  weeklyGoalSchema,
} from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { weeklyGoals } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { loadHerWeek } from './her-week';
import { herNewsLimit } from './news-limits';
import { requireNewsOn } from './news-switch';

/** Her weekly goal: minutes or classes, inside its range (422 WEEKLY_GOAL_OUT_OF_RANGE otherwise). */
export function checkWeeklyGoal(goal: WeeklyGoal): void {
  const { min, max } = weeklyGoalRanges[goal.kind];
  if (goal.target < min || goal.target > max) {
    throw new AppError('WEEKLY_GOAL_OUT_OF_RANGE', 422, weeklyGoalRangeMessage(goal.kind), [
      { path: 'target', message: weeklyGoalRangeMessage(goal.kind) },
    ]);
  }
}

/** PUT /news/goal — sets her weekly goal (hers only: the id is the session's) and answers her week. */
export const setGoalRoute: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/goal',
    {
      config: herNewsLimit(app.config, 'news-goal', 20),
      schema: {
        tags: ['news'],
        summary: 'Elegir la meta semanal (minutos o clases)',
        security: [{ bearerAuth: [] }],
        body: weeklyGoalSchema,
        response: { 200: newsWeekSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      await requireNewsOn(app.db);
      checkWeeklyGoal(request.body);
      const { kind, target } = request.body;
      await app.db
        .insert(weeklyGoals)
        .values({ userId, kind, target })
        .onConflictDoUpdate({ target: weeklyGoals.userId, set: { kind, target, updatedAt: new Date() } });
      return loadHerWeek(app.db, userId);
    },
  );
};

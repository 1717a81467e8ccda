import type { AnalyticEvent } from '@alcancia/contract';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../db/client';
import { analyticsEvents } from '../../db/schema';
import { optionalUserId } from '../../plugins/authentication';

/** The user id of a valid token, else null: an expired token must not lose the event. */
export function trackedUserId(request: FastifyRequest): string | null {
  try {
    return optionalUserId(request);
  } catch {
    return null;
  }
}

/**
 * POST /users/analytic. The body's identity is what the browser claims; the stored user id comes
 * only from a valid token (`trackedUserId`). Events are small (schema-bounded) and the route has a
 * tight body limit.
 */
export async function trackEvent(db: Database, userId: string | null, body: AnalyticEvent): Promise<void> {
  const { event, source, deviceId, timestamp, channel, properties, identity } = body;
  await db.insert(analyticsEvents).values({
    event,
    source,
    deviceId,
    userId,
    channel: channel ?? null,
    properties: {
      ...(properties ?? {}),
      ...(identity?.isSubscribed !== undefined ? { isSubscribed: identity.isSubscribed } : {}),
    },
    clientTimestamp: new Date(timestamp),
  });
}

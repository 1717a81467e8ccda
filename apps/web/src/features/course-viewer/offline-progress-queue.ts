import {
  type OfflineProgressBatchResponse,
  type OfflineProgressEvent,
  offlineProgressBatchMax,
} from '@alcancia/contract';
import { ApiError, apiRequest } from '../../lib/api-client';
import { readItem, writeItem } from '../../lib/storage';

/**
 * Progress made on a kept class (issue 44, decision 0361): every event is queued on the device
 * with a key of its own, then sent in batches while online; an event leaves the queue only once
 * the API answered for it (saved, already saved, or refused), so none is lost, and the API writes
 * an event once however often it is sent. Each event remembers the account it was made under:
 * only that account sends it.
 */
export const progressQueueKey = 'alcancia-progreso-sin-conexion';
/** a queue this long stops growing: the oldest events go (a class's later events carry more) */
const queueCeiling = 2000;

export interface QueuedProgress extends OfflineProgressEvent {
  userId: string;
}

export function readQueue(): QueuedProgress[] {
  try {
    const value = JSON.parse(readItem(progressQueueKey) ?? '[]') as unknown;
    return Array.isArray(value) ? (value as QueuedProgress[]) : [];
  } catch {
    return [];
  }
}

function writeQueue(queue: QueuedProgress[]): void {
  writeItem(progressQueueKey, JSON.stringify(queue.slice(-queueCeiling)));
}

/** Queues one point of progress in a class she plays from her device. */
export function queueProgress(
  userId: string,
  point: Pick<OfflineProgressEvent, 'courseId' | 'moduleId' | 'sectionId' | 'seconds'>,
  now = new Date(),
): QueuedProgress {
  const event: QueuedProgress = {
    userId,
    eventId: crypto.randomUUID(),
    courseId: point.courseId,
    moduleId: point.moduleId,
    sectionId: point.sectionId,
    seconds: Math.max(0, Math.floor(point.seconds)),
    at: now.toISOString(),
  };
  writeQueue([...readQueue(), event]);
  return event;
}

/** Takes out of the queue the events the API answered for. */
function forget(eventIds: Set<string>): void {
  writeQueue(readQueue().filter((e) => !eventIds.has(e.eventId)));
}

async function withQueueLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  if (locks && typeof locks.request === 'function') {
    return locks.request('alcancia-progreso-sin-conexion', task) as Promise<T>;
  }
  return task();
}

/**
 * Sends her queued events, in batches of at most 50, one batch at a time (one tab at a time).
 * Stops at the first failure of the moment (no connection, the server): the events stay queued
 * for the next try. Returns how many events the API answered for.
 */
export function flushProgress(userId: string): Promise<number> {
  return withQueueLock(async () => {
    let answered = 0;
    for (;;) {
      const batch = readQueue()
        .filter((e) => e.userId === userId)
        .slice(0, offlineProgressBatchMax);
      if (batch.length === 0) return answered;
      try {
        const answer = await apiRequest<OfflineProgressBatchResponse>('/academy/progress/offline', {
          method: 'POST',
          body: { userId, events: batch.map(({ userId: _owner, ...event }) => event) },
        });
        forget(new Set(answer.results.map((r) => r.eventId)));
        answered += answer.results.length;
      } catch (error) {
        // a batch the API refuses whole (bad input): it never will be taken, so it goes
        if (
          error instanceof ApiError &&
          error.status >= 400 &&
          error.status < 500 &&
          error.status !== 429 &&
          error.status !== 401
        ) {
          forget(new Set(batch.map((e) => e.eventId)));
          continue;
        }
        return answered;
      }
    }
  });
}

/** Whether events of `userId` wait to be sent. */
export const hasQueuedProgress = (userId: string) => readQueue().some((e) => e.userId === userId);

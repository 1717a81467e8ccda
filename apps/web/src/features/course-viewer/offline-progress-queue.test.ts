import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  flushProgress,
  hasQueuedProgress,
  progressQueueKey,
  queueProgress,
  readQueue,
} from './offline-progress-queue';

/** localStorage of the browser, in memory */
function memoryStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (key) => void items.delete(key),
    setItem: (key, value) => void items.set(key, String(value)),
  };
}

const point = (seconds: number) => ({ courseId: 'c', moduleId: 'm', sectionId: 's', seconds });
const ana = '11111111-1111-4111-8111-111111111111';
const bea = '22222222-2222-4222-8222-222222222222';

describe('progress made offline waits on the device until the API answered for it', () => {
  beforeEach(() => vi.stubGlobal('localStorage', memoryStorage()));
  afterEach(() => vi.unstubAllGlobals());

  it('sends her events with their keys, and forgets only those the API answered for', async () => {
    const first = queueProgress(ana, point(15.7));
    queueProgress(bea, point(30));
    const sent: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const body = JSON.parse(String(init.body)) as { userId: string; events: { eventId: string }[] };
        sent.push(body);
        return new Response(
          JSON.stringify({
            results: body.events.map((e) => ({ eventId: e.eventId, outcome: 'saved', code: null })),
          }),
          { status: 200, headers: { 'content-type': 'application/json' } },
        );
      }),
    );
    expect(await flushProgress(ana)).toBe(1);
    // her own events only, with their key, whole seconds, and without the account inside each event
    expect(sent).toEqual([
      {
        userId: ana,
        events: [
          { eventId: first.eventId, courseId: 'c', moduleId: 'm', sectionId: 's', seconds: 15, at: first.at },
        ],
      },
    ]);
    expect(hasQueuedProgress(ana)).toBe(false);
    // another account's events stay for her
    expect(readQueue().map((e) => e.userId)).toEqual([bea]);
  });

  it('keeps every event when the network fails, and sends the same keys again later', async () => {
    const event = queueProgress(ana, point(40));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await flushProgress(ana)).toBe(0);
    expect(readQueue().map((e) => e.eventId)).toEqual([event.eventId]);
    expect(localStorage.getItem(progressQueueKey)).toContain(event.eventId);
  });
});

import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { InFlightHandlers, trackInFlightHandlers } from './in-flight';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a graceful stop and the handlers still running', () => {
  it('waits for a handler in flight before the close hooks run (the database closes after)', async () => {
    const app = Fastify();
    trackInFlightHandlers(app, { waitOnClose: true, maxWaitMs: 5_000 });
    const events: string[] = [];
    app.get('/slow', async () => {
      await sleep(300);
      events.push('handler done');
      return { ok: true };
    });
    app.addHook('onClose', async () => {
      events.push('database closed');
    });
    await app.ready();
    const answer = app.inject({ method: 'GET', url: '/slow' });
    await sleep(50);
    await app.close();
    events.push('closed');
    expect(events).toEqual(['handler done', 'database closed', 'closed']);
    expect((await answer).statusCode).toBe(200);
  });

  it('does not wait longer than its bound for a handler that never ends', async () => {
    const app = Fastify();
    trackInFlightHandlers(app, { waitOnClose: true, maxWaitMs: 200 });
    app.get('/never', () => new Promise<never>(() => {}));
    await app.ready();
    void app.inject({ method: 'GET', url: '/never' });
    await sleep(20);
    const started = Date.now();
    await app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('keeps callback-style handlers as they are and counts only pending promises', async () => {
    const app = Fastify();
    const inFlight = trackInFlightHandlers(app, { waitOnClose: true, maxWaitMs: 1_000 });
    app.get('/callback', (_request, reply) => {
      setTimeout(() => void reply.send({ ok: 'callback' }), 10);
    });
    app.get('/failing', async () => {
      throw new Error('boom');
    });
    await app.ready();
    expect((await app.inject({ url: '/callback' })).json()).toEqual({ ok: 'callback' });
    expect((await app.inject({ url: '/failing' })).statusCode).toBe(500);
    expect(inFlight.count).toBe(0);
    await app.close();
  });

  it('resolves idle at once when nothing runs', async () => {
    await expect(new InFlightHandlers().idle(10_000)).resolves.toBeUndefined();
  });
});

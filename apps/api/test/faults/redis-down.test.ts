import { type ChildProcess, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, login, register, uniqueEmail } from '../accounts';
import { createTestApp, type TestApp } from '../helpers';
import { eventually, freePort } from '../payments';
import { report } from './report';

/**
 * Fault: Redis down with REDIS_URL set (issue 21). Rate limits fail open, as documented (decision
 * 58: `skipOnError`), and the product keeps serving: a Redis that was never there (a closed port),
 * one that goes away mid-run and comes back on the same port, and one that stops answering
 * without closing its connections (a frozen process, or a network that drops packets).
 */

/** modules/auth/recover-password.ts: 5 code requests per address and e-mail in 15 minutes */
const FORGOT_MAX = 5;

let redisPort = 0;
let redis: ChildProcess | null = null;

/** A throw-away redis-server on its own port (the machine's own Redis is left alone). */
async function startRedis(): Promise<void> {
  const child = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  redis = child;
  await eventually(async () => {
    if (child.exitCode !== null) throw new Error('redis-server exited');
    await new Promise<void>((resolve, reject) => {
      const socket = connect(redisPort, '127.0.0.1', () => {
        socket.end();
        resolve();
      });
      socket.once('error', reject);
    });
  }, 10_000);
}

async function stopRedis(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  const child = redis;
  redis = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

afterAll(async () => {
  if (redis?.pid) redis.kill('SIGCONT');
  await stopRedis();
});

const figures: Record<string, unknown> = {};
afterAll(() => report('redis down', figures));

async function timed<T>(run: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await run();
  return { value, ms: Date.now() - started };
}

/**
 * Code requests for one e-mail nobody registered (200 as for any address, no mail, no password hashing): the
 * statuses answered and the slowest answer. With the limit enforced the (FORGOT_MAX + 1)th is 429.
 */
async function codeRequests(t: TestApp, email: string, count: number) {
  const statuses: number[] = [];
  let slowest = 0;
  for (let i = 0; i < count; i++) {
    const { value, ms } = await timed(() =>
      t.app.inject({ method: 'POST', url: '/api/users/forgotPassword', payload: { email } }),
    );
    statuses.push(value.statusCode);
    slowest = Math.max(slowest, ms);
  }
  return { statuses, slowest };
}

/** What a member does: logs in, reads her account. Both must answer while Redis is down. */
async function memberServed(t: TestApp, email: string): Promise<number> {
  const { value: res, ms } = await timed(() => login(t.app, email));
  expect(res.statusCode).toBe(200);
  const me = await t.app.inject({ method: 'GET', url: '/api/users', headers: bearer(res.json()) });
  expect(me.statusCode).toBe(200);
  const health = await t.app.inject({ method: 'GET', url: '/api/health' });
  expect(health.statusCode).toBe(200);
  return ms;
}

const readiness = async (t: TestApp) => {
  const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
  return { status: res.statusCode, redis: (res.json() as { checks: { redis: string } }).checks.redis };
};

describe('Redis down with REDIS_URL set', () => {
  beforeAll(async () => {
    redisPort = await freePort();
  });

  it('never there (a closed port): the app starts, serves, and does not limit', {
    timeout: 60_000,
  }, async () => {
    const closedPort = await freePort();
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${closedPort}` });
    try {
      const email = uniqueEmail('sinredis');
      expect((await register(t.app, { email })).statusCode).toBe(201);
      figures.closedPortLoginMs = await memberServed(t, email);
      expect(await readiness(t)).toEqual({ status: 503, redis: 'failing' });
      const wrong = await codeRequests(t, uniqueEmail('nadie'), FORGOT_MAX + 2);
      expect(wrong.statuses.every((status) => status === 200)).toBe(true);
      figures.closedPortSlowestRefusalMs = wrong.slowest;
      expect(wrong.slowest).toBeLessThan(1000);
    } finally {
      await t.close();
    }
  });

  it('goes away mid-run and comes back on the same port: open while away, enforced again after', {
    timeout: 60_000,
  }, async () => {
    await startRedis();
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    try {
      await eventually(async () => expect(await readiness(t)).toEqual({ status: 200, redis: 'ok' }));
      const email = uniqueEmail('conredis');
      expect((await register(t.app, { email })).statusCode).toBe(201);
      await memberServed(t, email);
      // Up: the (FORGOT_MAX + 1)th wrong password is refused, counted in Redis.
      const limited = await codeRequests(t, uniqueEmail('contada'), FORGOT_MAX + 1);
      expect(limited.statuses.at(-1)).toBe(429);

      await stopRedis('SIGKILL');
      const downAt = Date.now();
      expect(await readiness(t)).toEqual({ status: 503, redis: 'failing' });
      figures.awayLoginMs = await memberServed(t, email);
      const away = await codeRequests(t, uniqueEmail('sincontar'), FORGOT_MAX + 2);
      expect(away.statuses.every((status) => status === 200)).toBe(true);
      figures.awaySlowestRefusalMs = away.slowest;
      expect(away.slowest).toBeLessThan(1000);
      figures.awayMs = Date.now() - downAt;

      await startRedis();
      const backAt = Date.now();
      await eventually(async () => expect(await readiness(t)).toEqual({ status: 200, redis: 'ok' }), 10_000);
      figures.readyAgainMs = Date.now() - backAt;
      const again = await codeRequests(t, uniqueEmail('otravez'), FORGOT_MAX + 1);
      expect(again.statuses.at(-1)).toBe(429);
      await memberServed(t, email);
    } finally {
      await t.close();
      await stopRedis();
    }
  });

  it('stops answering without closing its connections: requests still answer, within a second or so', {
    timeout: 60_000,
  }, async () => {
    await startRedis();
    const t = await createTestApp({ REDIS_URL: `redis://127.0.0.1:${redisPort}` });
    try {
      await eventually(async () => expect(await readiness(t)).toEqual({ status: 200, redis: 'ok' }));
      const email = uniqueEmail('congelada');
      expect((await register(t.app, { email })).statusCode).toBe(201);

      redis?.kill('SIGSTOP');
      const frozen = await timed(() => readiness(t));
      expect(frozen.value).toEqual({ status: 503, redis: 'failing' });
      figures.frozenReadyMs = frozen.ms;
      const served = await timed(() => memberServed(t, email));
      figures.frozenLoginMs = served.ms;
      expect(served.ms).toBeLessThan(3000);
      const wrong = await codeRequests(t, uniqueEmail('congelada'), 3);
      expect(wrong.statuses).toEqual([200, 200, 200]);
      figures.frozenSlowestRefusalMs = wrong.slowest;

      redis?.kill('SIGCONT');
      await eventually(async () => expect(await readiness(t)).toEqual({ status: 200, redis: 'ok' }), 10_000);
      const again = await codeRequests(t, uniqueEmail('descongelada'), FORGOT_MAX + 1);
      expect(again.statuses.at(-1)).toBe(429);
    } finally {
      redis?.kill('SIGCONT');
      await t.close();
      await stopRedis();
    }
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, ownAppTimeout, testAppForFile } from '../../../test/helpers';

/** The machine's Redis (CI has one); a port where nothing listens stands for a Redis that is down. */
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

describe('GET /api/ready', () => {
  const t = testAppForFile(() => createTestApp());

  it('answers ready with each check when the database and the files answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      checks: { database: 'ok', redis: 'disabled', storage: 'ok' },
    });
  });

  it('answers 503 while draining, when /api/health still answers alive', async () => {
    t.app.draining = true;
    try {
      const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({
        internalCode: 'SERVICE_UNAVAILABLE',
        message: expect.stringContaining('deteniendo'),
        checks: { database: 'ok', redis: 'disabled', storage: 'ok' },
      });
      const health = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
    } finally {
      t.app.draining = false;
    }
  });

  it('is described in the OpenAPI document', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const operation = res.json().paths['/api/ready'].get;
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '503']));
  });
});

describe('GET /api/ready with a failing dependency', () => {
  const empty = mkdtempSync(path.join(os.tmpdir(), 'alcancia-ready-'));
  afterAll(() => rmSync(empty, { recursive: true, force: true }));

  it(
    'answers 503 naming the storage when FILES_DIR cannot be read',
    async () => {
      const t = await createTestApp({ FILES_DIR: path.join(empty, 'missing') });
      try {
        const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          internalCode: 'SERVICE_UNAVAILABLE',
          checks: { database: 'ok', redis: 'disabled', storage: 'failing' },
        });
      } finally {
        await t.close();
      }
    },
    ownAppTimeout.timeout,
  );

  it(
    'answers 503 naming the database when it does not answer',
    async () => {
      const t = await createTestApp();
      await t.database.close();
      const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json().checks).toEqual({ database: 'failing', redis: 'disabled', storage: 'ok' });
      await t.app.close();
    },
    ownAppTimeout.timeout,
  );

  it(
    'pings Redis when REDIS_URL is set: ok when it answers, failing when it is down',
    async () => {
      const up = await createTestApp({ REDIS_URL: redisUrl });
      const down = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' });
      try {
        // the connection opens as the app starts: give it a moment
        let res = await up.app.inject({ method: 'GET', url: '/api/ready' });
        for (let i = 0; i < 20 && res.statusCode !== 200; i++) {
          await new Promise((r) => setTimeout(r, 100));
          res = await up.app.inject({ method: 'GET', url: '/api/ready' });
        }
        expect(res.json().checks).toEqual({ database: 'ok', redis: 'ok', storage: 'ok' });
        expect(res.statusCode).toBe(200);

        const refused = await down.app.inject({ method: 'GET', url: '/api/ready' });
        expect(refused.statusCode).toBe(503);
        expect(refused.json().checks.redis).toBe('failing');
      } finally {
        await up.close();
        await down.close();
      }
    },
    ownAppTimeout.timeout,
  );
});

import type { Credentials } from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import type pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { bearer, login, newSession } from '../../../test/accounts';
import { createTestApp, type TestApp, testAppForFile, testConfig } from '../../../test/helpers';
import { operatorSession } from '../../../test/operators';
import { buildApp } from '../../app';
import { type DbHandle, openDatabase } from '../../db/client';
import { createOperator } from '../admin/security/create-operator';
import { issueCode } from './verification-codes';

/**
 * Issue 40: ending a session ends its access tokens too, at once and in every API process, not
 * when they expire (15 minutes; an operator's 10): logout, a password reset, a reused refresh
 * token, a deleted account and a role given by `admin:create` (decision 0250).
 */
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

/** A read and a write of hers with this token: their status codes. */
async function readAndWrite(app: FastifyInstance, credentials: Credentials): Promise<[number, number]> {
  const read = await app.inject({ method: 'GET', url: '/api/users', headers: bearer(credentials) });
  const write = await app.inject({
    method: 'PATCH',
    url: '/api/users/me',
    headers: bearer(credentials),
    payload: { name: 'Ana María Pérez' },
  });
  return [read.statusCode, write.statusCode];
}

const refresh = (app: FastifyInstance, refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/users/refreshToken', payload: { refreshToken } });
const logout = (app: FastifyInstance, refreshToken: string) =>
  app.inject({ method: 'POST', url: '/api/users/logout', payload: { refreshToken } });

async function resetPassword(app: FastifyInstance, email: string, userId: string, password: string) {
  const code = await issueCode(app.db, app.codeSecret, userId, 'reset_password');
  const res = await app.inject({
    method: 'POST',
    url: '/api/users/confirmPassword',
    payload: { email, password, code },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe('ending a session refuses its access token at once', () => {
  it('logout: that session’s token gets 401 on a read and a write; her other session goes on', async () => {
    const { email, credentials } = await newSession(t.app);
    const other = (await login(t.app, email)).json() as Credentials;
    expect(await readAndWrite(t.app, credentials)).toEqual([200, 200]);

    expect((await logout(t.app, credentials.refreshToken)).statusCode).toBe(204);
    expect(await readAndWrite(t.app, credentials)).toEqual([401, 401]);
    expect(await readAndWrite(t.app, other)).toEqual([200, 200]);
  });

  it('logout with a refresh token already rotated ends the session’s newest access token too', async () => {
    const { credentials } = await newSession(t.app);
    const rotated = (await refresh(t.app, credentials.refreshToken)).json() as Credentials;
    expect((await logout(t.app, credentials.refreshToken)).statusCode).toBe(204);
    expect(await readAndWrite(t.app, rotated)).toEqual([401, 401]);
  });

  it('password reset: every old token gets 401; a login with the new password works', async () => {
    const { email, credentials } = await newSession(t.app);
    const other = (await login(t.app, email)).json() as Credentials;
    await resetPassword(t.app, email, credentials.userId, 'NuevaClave9');

    expect(await readAndWrite(t.app, credentials)).toEqual([401, 401]);
    expect(await readAndWrite(t.app, other)).toEqual([401, 401]);
    const fresh = (await login(t.app, email, 'NuevaClave9')).json() as Credentials;
    expect(await readAndWrite(t.app, fresh)).toEqual([200, 200]);
  });

  it('a reused refresh token: every token of that session gets 401, her other session goes on', async () => {
    const { email, credentials } = await newSession(t.app);
    const other = (await login(t.app, email)).json() as Credentials;
    const rotated = (await refresh(t.app, credentials.refreshToken)).json() as Credentials;
    expect(await readAndWrite(t.app, rotated)).toEqual([200, 200]);

    expect((await refresh(t.app, credentials.refreshToken)).json().internalCode).toBe(
      'INVALID_REFRESH_TOKEN',
    );
    expect(await readAndWrite(t.app, credentials)).toEqual([401, 401]);
    expect(await readAndWrite(t.app, rotated)).toEqual([401, 401]);
    expect(await readAndWrite(t.app, other)).toEqual([200, 200]);
  });

  it('a deleted account: every token of hers gets 401', async () => {
    const { email, credentials } = await newSession(t.app);
    const other = (await login(t.app, email)).json() as Credentials;
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: bearer(credentials),
      payload: { password: 'Secreta123' },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await readAndWrite(t.app, credentials)).toEqual([401, 401]);
    expect(await readAndWrite(t.app, other)).toEqual([401, 401]);
  });

  it('a role given by admin:create: the operator’s token gets 401 in the back office and outside it', async () => {
    const { operator, credentials, headers } = await operatorSession(t.app, 'support');
    const adminMe = () => t.app.inject({ method: 'GET', url: '/api/admin/me', headers });
    expect((await adminMe()).statusCode).toBe(200);
    expect(await readAndWrite(t.app, credentials)).toEqual([200, 200]);

    await createOperator(t.app.db, t.app.config, { email: operator.email, role: 'editor' });
    expect((await adminMe()).statusCode).toBe(401);
    expect(await readAndWrite(t.app, credentials)).toEqual([401, 401]);

    // a learner made an operator: her learner session ends too
    const learner = await newSession(t.app);
    await createOperator(t.app.db, t.app.config, { email: learner.email, role: 'support' });
    expect(await readAndWrite(t.app, learner.credentials)).toEqual([401, 401]);
  });
});

/**
 * The two-process topology: another API process on the same database. On the PostgreSQL server it
 * has its own pool and listener (what a second process has); PGlite is one process, so there the
 * second app shares its connection.
 */
describe('another API process on the same database', () => {
  const secondHandle = (): { database: DbHandle; own: boolean } => {
    if (!process.env.DATABASE_URL) return { database: t.database, own: false };
    const pool = (t.database.db as unknown as { $client: pg.Pool }).$client;
    const url = pool.options.connectionString as string;
    return { database: openDatabase({ kind: 'pg', url, poolSize: 2 }), own: true };
  };

  async function otherProcess(): Promise<TestApp> {
    const { database, own } = secondHandle();
    const app = await buildApp({
      config: testConfig({ RATE_LIMIT_ENABLED: 'false' }),
      database,
      logger: false,
    });
    await app.ready();
    return {
      app,
      database,
      close: async () => {
        await app.close();
        if (own) await database.close();
      },
    };
  }

  /** Within a second of the change, the other process answers 401 to a read and a write. */
  const refusedWithinASecond = (other: TestApp, credentials: Credentials) =>
    vi.waitFor(async () => expect(await readAndWrite(other.app, credentials)).toEqual([401, 401]), {
      timeout: 1000,
      interval: 20,
    });

  it('refuses the token of a session ended in this one within a second', async () => {
    const other = await otherProcess();
    try {
      const loggedOut = await newSession(t.app);
      const reset = await newSession(t.app);
      const reused = await newSession(t.app);
      const promoted = await newSession(t.app);
      for (const session of [loggedOut, reset, reused, promoted]) {
        expect(await readAndWrite(other.app, session.credentials)).toEqual([200, 200]);
      }

      expect((await logout(t.app, loggedOut.credentials.refreshToken)).statusCode).toBe(204);
      await refusedWithinASecond(other, loggedOut.credentials);

      await resetPassword(t.app, reset.email, reset.credentials.userId, 'NuevaClave9');
      await refusedWithinASecond(other, reset.credentials);

      await refresh(t.app, reused.credentials.refreshToken);
      expect((await refresh(t.app, reused.credentials.refreshToken)).statusCode).toBe(401);
      await refusedWithinASecond(other, reused.credentials);

      // admin:create runs as its own process on the database
      const cli = secondHandle();
      try {
        await createOperator(cli.database.db, t.app.config, { email: promoted.email, role: 'support' });
      } finally {
        if (cli.own) await cli.database.close();
      }
      await refusedWithinASecond(other, promoted.credentials);
    } finally {
      await other.close();
    }
  }, 60_000);

  it('a process started after a logout refuses that session’s token', async () => {
    const { credentials } = await newSession(t.app);
    expect((await logout(t.app, credentials.refreshToken)).statusCode).toBe(204);
    const later = await otherProcess();
    try {
      expect(await readAndWrite(later.app, credentials)).toEqual([401, 401]);
    } finally {
      await later.close();
    }
  }, 60_000);
});

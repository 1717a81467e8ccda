import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type DbHandle, openDatabase } from '../src/db/client';
import { newPglite } from '../src/db/pglite';

/** A fresh database for this test file, cloned from the migrated template. */
export async function createTestDatabase(): Promise<DbHandle> {
  const template = inject('dbTemplate');
  if (template.kind === 'pglite') {
    const client = newPglite(undefined, { loadDataDir: new Blob([readFileSync(template.file)]) });
    return openDatabase({ kind: 'pglite-instance', client });
  }
  const name = `alcancia_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    // Two files may clone at the same instant; PostgreSQL then asks one to retry.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${name} template ${template.template}`);
        break;
      } catch (error) {
        if (attempt >= 10) throw error;
        await new Promise((r) => setTimeout(r, 100 + attempt * 100));
      }
    }
  } finally {
    await admin.end();
  }
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return openDatabase({ kind: 'pg', url: url.toString(), poolSize: 4 });
}

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    JWT_SECRET: 'test-secret-that-is-long-enough-0123456789',
    ...overrides,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DbHandle;
  close(): Promise<void>;
}

/** The real app on a fresh database, for `app.inject`. */
export async function createTestApp(
  overrides: Record<string, string> = {},
  /** extra routes for a test, registered before the app is ready */
  extend?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await createTestDatabase();
  const app = await buildApp({
    config: testConfig(overrides),
    database, // TEST_LOG=error prints what a test's app logs (a 500's cause); silent otherwise.
    logger: process.env.TEST_LOG ? { level: process.env.TEST_LOG } : false,
  });
  extend?.(app);
  await app.ready();
  return {
    app,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/**
 * One app for a whole test file: created (then seeded) before its tests, closed after them. The
 * object is filled in by beforeAll, so read it inside tests and hooks only.
 */
export function testAppForFile<T extends TestApp>(
  create: () => Promise<T>,
  seed?: (app: FastifyInstance) => Promise<void>,
): T {
  const t = {} as T;
  beforeAll(async () => {
    Object.assign(t, await create());
    await seed?.(t.app);
  });
  afterAll(() => t.close?.());
  return t;
}

/** A production configuration, for tests of what production switches on or off. */
export const productionEnv = {
  NODE_ENV: 'production',
  JWT_SECRET: 'a-production-secret-of-at-least-32-chars',
  SMTP_URL: 'smtp://127.0.0.1:9',
  PUBLIC_URL: 'https://alcancia.example.com',
};

/** For a test that builds its own app (configuration is fixed at build time): slow machines. */
export const ownAppTimeout = { timeout: 60_000 };

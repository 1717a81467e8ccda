import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { runMigrations } from '../src/db/migrate';
import { newPglite } from '../src/db/pglite';
import { installJobQueueSchema } from '../src/modules/jobs/job-queue';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: path of a dumped, migrated data dir. pg: name of a migrated template database. */
    dbTemplate: { kind: 'pglite'; file: string } | { kind: 'pg'; url: string; template: string };
  }
}

/**
 * Migrates once, then every test file clones the result: a PGlite data dir loaded from a dump
 * (about 0.5 s), or, with DATABASE_URL, `CREATE DATABASE … TEMPLATE` on the PostgreSQL server.
 */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  if (databaseUrl) {
    const template = `alcancia_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${template}`);
    await admin.query(`create database ${template}`);
    const url = new URL(databaseUrl);
    url.pathname = `/${template}`;
    const handle = openDatabase({ kind: 'pg', url: url.toString(), poolSize: 1 });
    await runMigrations(handle);
    // pg-boss's schema too, so that each file's copy does not create it again.
    await installJobQueueSchema(handle);
    await handle.close();
    project.provide('dbTemplate', { kind: 'pg', url: databaseUrl, template });
    return async () => {
      // Drop the per-file databases left by this run, then the template.
      const { rows } = await admin.query<{ datname: string }>(
        `select datname from pg_database where datname like $1`,
        [`alcancia_t_${process.pid}_%`],
      );
      for (const row of rows) await admin.query(`drop database if exists ${row.datname} with (force)`);
      await admin.query(`drop database if exists ${template} with (force)`);
      await admin.end();
    };
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-tpl-'));
  const client = newPglite();
  const handle = openDatabase({ kind: 'pglite-instance', client });
  await runMigrations(handle);
  await installJobQueueSchema(handle);
  const dump = await client.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await client.close();
  project.provide('dbTemplate', { kind: 'pglite', file });
  return () => rmSync(dir, { recursive: true, force: true });
}

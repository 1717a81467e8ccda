import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { BackupError, backupDatabase, restoreDatabase } from './backup';
import { type DbHandle, openDatabase } from './client';
import { apiRoot } from './paths';
import { newPglite } from './pglite';

const work = mkdtempSync(path.join(os.tmpdir(), 'alcancia-backup-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const subjects = async (handle: DbHandle) =>
  (await handle.db.execute<{ subject: string }>(sql`select subject from mail_outbox order by id`)).rows.map(
    (r) => r.subject,
  );
const addMail = (handle: DbHandle, subject: string) =>
  handle.db.execute(
    sql`insert into mail_outbox ("to", subject, text, html) values ('copia@alcancia.local', ${subject}, 'x', 'x')`,
  );

/** `npm run db:backup|db:restore` as the workspace script runs it. */
function cli(args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/cli.ts', ...args], {
      cwd: apiRoot,
      env: { ...process.env, NODE_ENV: 'test', INIT_CWD: work, ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

const template = inject('dbTemplate');

// Each database kind has its own block; only the configured kind's block is defined (no skips).
if (template.kind === 'pg') {
  describe('db:backup and db:restore on a PostgreSQL server', () => {
    it('backs up with pg_dump, and pg_restore brings the data back', async () => {
      const name = `alcancia_t_${process.ppid}_bk_${randomBytes(3).toString('hex')}`;
      const admin = new pg.Client({ connectionString: template.url });
      // A server-side drop of this connection must fail the test through a query, not as an event.
      admin.on('error', () => {});
      await admin.connect();
      await admin.query(`create database ${name} template ${template.template}`);
      const url = new URL(template.url);
      url.pathname = `/${name}`;
      const target = { kind: 'pg' as const, url: url.toString() };
      const file = path.join(work, 'server.dump');
      try {
        let handle = openDatabase({ kind: 'pg', url: target.url, poolSize: 1 });
        await addMail(handle, 'antes de la copia');
        await handle.close();

        expect(await backupDatabase(target, file)).toBe(file);
        expect(readFileSync(file).subarray(0, 5).toString()).toBe('PGDMP');

        handle = openDatabase({ kind: 'pg', url: target.url, poolSize: 1 });
        await addMail(handle, 'después de la copia');
        await handle.db.execute(sql`delete from mail_outbox where subject = 'antes de la copia'`);
        expect(await subjects(handle)).toEqual(['después de la copia']);
        await handle.close();

        await restoreDatabase(target, file);
        handle = openDatabase({ kind: 'pg', url: target.url, poolSize: 1 });
        expect(await subjects(handle)).toEqual(['antes de la copia']);
        // the schema came back whole: the migrations journal too
        const { rows } = await handle.db.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(rows[0]?.n).toBeGreaterThan(0);
        await handle.close();

        await expect(backupDatabase(target, file)).rejects.toThrow(BackupError);
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }, 60_000);
  });
} else {
  describe('db:backup and db:restore on the embedded PGlite', () => {
    it('copies the folder, refuses while it is open, and restores the copy', async () => {
      const dataDir = path.join(work, 'data');
      const folder = path.join(dataDir, 'pgdata');
      mkdirSync(dataDir, { recursive: true });
      const loaded = newPglite(folder, { loadDataDir: new Blob([readFileSync(template.file)]) });
      let handle = openDatabase({ kind: 'pglite-instance', client: loaded });
      await addMail(handle, 'antes de la copia');

      const target = { kind: 'pglite' as const, dataDir };
      const copy = path.join(work, 'copia-pglite');
      await expect(backupDatabase(target, copy)).rejects.toThrow(/detené npm start/);
      await handle.close();

      await backupDatabase(target, copy);
      expect(existsSync(path.join(copy, 'PG_VERSION'))).toBe(true);
      expect(existsSync(path.join(copy, 'postmaster.pid'))).toBe(false);

      handle = openDatabase({ kind: 'pglite', dataDir });
      await addMail(handle, 'después de la copia');
      await handle.db.execute(sql`delete from mail_outbox where subject = 'antes de la copia'`);
      await expect(restoreDatabase(target, copy)).rejects.toThrow(/detené npm start/);
      await handle.close();

      const { keptAs } = await restoreDatabase(target, copy);
      expect(keptAs && existsSync(path.join(keptAs, 'PG_VERSION'))).toBe(true);
      handle = openDatabase({ kind: 'pglite', dataDir });
      expect(await subjects(handle)).toEqual(['antes de la copia']);
      await handle.close();
    }, 60_000);

    it('runs as npm run db:backup / db:restore (the CLI never opens the database itself)', async () => {
      const dataDir = path.join(work, 'data');
      const backup = await cli(['backup', 'copia-cli'], { DATA_DIR: dataDir });
      expect(backup.output).toContain('Copia de seguridad guardada en copia-cli');
      expect(backup.code).toBe(0);
      const restore = await cli(['restore', 'copia-cli'], { DATA_DIR: dataDir });
      expect(restore.output).toContain('Base restaurada desde copia-cli');
      expect(restore.code).toBe(0);
      const missing = await cli(['restore'], { DATA_DIR: dataDir });
      expect(missing.code).toBe(1);
      expect(missing.output).toContain('Uso: npm run db:restore');
    }, 60_000);
  });
}

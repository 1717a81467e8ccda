import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { ERRORS } from '@tus/utils';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, testAppForFile, testConfig } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import { createTusUpload, tus, uploadKeyOf } from '../../../../test/uploads';
import { buildApp } from '../../../app';
import { type DbHandle, openDatabase } from '../../../db/client';
import { auditLog } from '../../../db/schema';
import { UploadLocker } from './upload-locker';

const filesDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-upload-locks-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
const settings = { RATE_LIMIT_ENABLED: 'false', FILES_DIR: filesDir };
const t = testAppForFile(() => createTestApp(settings));

/**
 * The database as another API process sees it: its own pool on the PostgreSQL server (its
 * notifications reach this process's listener from a connection that is not ours); the one
 * embedded PGlite otherwise, as the product runs it.
 */
let otherDatabase: DbHandle;
beforeAll(async () => {
  if (t.database.driver !== 'pg') {
    otherDatabase = t.database;
    return;
  }
  const { rows } = await t.app.db.execute<{ name: string }>(sql`select current_database() as name`);
  const url = new URL(process.env.DATABASE_URL || 'postgres://unused');
  url.pathname = `/${rows[0]?.name ?? ''}`;
  otherDatabase = openDatabase({ kind: 'pg', url: url.toString(), poolSize: 2 });
});
afterAll(async () => {
  if (otherDatabase && otherDatabase !== t.database) await otherDatabase.close();
});

const lockers: UploadLocker[] = [];
afterAll(async () => {
  for (const locker of lockers) await locker.close();
});
/** A locker as one API process has it (the first on this app's pool, the others on another). */
function processLocker(
  db: 'this' | 'other',
  options: Partial<ConstructorParameters<typeof UploadLocker>[0]> = {},
) {
  const locker = new UploadLocker({
    db: db === 'this' ? t.app.db : otherDatabase.db,
    retryEveryMs: 50,
    ...options,
  });
  lockers.push(locker);
  return locker;
}

const newUploadId = () => `subidas/videos/${randomBytes(16).toString('hex')}.mp4`;
const running = () => new AbortController().signal;

describe('the upload locker shared by API processes', { timeout: 60_000 }, () => {
  it('a request of another process waits, asks the holder to give the upload up, and gets it once released', async () => {
    const first = processLocker('this');
    const second = processLocker('other');
    const id = newUploadId();
    const events: string[] = [];
    const held = first.newLock(id);
    // The holder's request gives the upload up a little after it is first asked, as tus does.
    await held.lock(running(), () => {
      if (events.includes('asked to release')) return;
      events.push('asked to release');
      setTimeout(() => void held.unlock().then(() => events.push('released')), 300);
    });

    const waiting = second.newLock(id);
    await waiting.lock(running(), () => undefined);
    events.push('taken');
    expect(events).toEqual(['asked to release', 'released', 'taken']);
    // …and while the second holds it, the first (its next request) waits in turn.
    const again = first.newLock(id);
    const retaken = again.lock(running(), () => undefined).then(() => events.push('retaken'));
    await sleep(200);
    expect(events).not.toContain('retaken');
    await waiting.unlock();
    await retaken;
    await again.unlock();
  });

  it('two requests of one process: the holder is asked directly', async () => {
    const locker = processLocker('this');
    const id = newUploadId();
    const held = locker.newLock(id);
    const asked = vi.fn(() => void held.unlock());
    await held.lock(running(), asked);
    await locker.newLock(id).lock(running(), () => undefined);
    expect(asked).toHaveBeenCalled();
  });

  it('a holder that keeps renewing keeps the upload: a waiter it does not answer fails as MemoryLocker does', async () => {
    const first = processLocker('this', { leaseMs: 1_000, renewEveryMs: 200 });
    const second = processLocker('other', { acquireTimeoutMs: 2_500 });
    const id = newUploadId();
    const asked = vi.fn();
    await first.newLock(id).lock(running(), asked);
    const started = Date.now();
    await expect(second.newLock(id).lock(running(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(ERRORS.ERR_LOCK_TIMEOUT.status_code).toBe(500);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_400);
    await vi.waitFor(() => expect(asked).toHaveBeenCalled());
  });

  it('a waiter whose own request stops gives up at once', async () => {
    const first = processLocker('this');
    const second = processLocker('other');
    const id = newUploadId();
    await first.newLock(id).lock(running(), () => undefined);
    const stop = new AbortController();
    const waiting = second.newLock(id).lock(stop.signal, () => undefined);
    setTimeout(() => stop.abort(), 200);
    const started = Date.now();
    await expect(waiting).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('a process that stops renewing (killed) loses the upload after its lease; its late unlock leaves the new holder’s lease', async () => {
    // The first process renews too late (it froze, or died and never will).
    const first = processLocker('this', { leaseMs: 800, renewEveryMs: 1_500 });
    const second = processLocker('other');
    // (on the server, this test process hears notices from the other pool only)
    const third = processLocker('other', { acquireTimeoutMs: 600 });
    const id = newUploadId();
    const firstLease = first.newLock(id);
    const firstAsked: number[] = [];
    await firstLease.lock(running(), () => void firstAsked.push(Date.now()));

    const started = Date.now();
    const secondLease = second.newLock(id);
    const secondAsked = vi.fn();
    await secondLease.lock(running(), secondAsked);
    const takenAt = Date.now();
    expect(takenAt - started).toBeGreaterThanOrEqual(600);
    expect(takenAt - started).toBeLessThan(5_000);

    // Woken up, the first finds its lease taken at its next renewal (after the asks of the
    // second have stopped) and gives its request up…
    await vi.waitFor(() => expect(firstAsked.filter((at) => at > takenAt + 300).length).toBeGreaterThan(0), {
      timeout: 3_000,
    });
    // …and its unlock does not free the upload the second now writes.
    await firstLease.unlock();
    await expect(third.newLock(id).lock(running(), () => undefined)).rejects.toBe(ERRORS.ERR_LOCK_TIMEOUT);
    expect(secondAsked).toHaveBeenCalled();
    await secondLease.unlock();
    const fourth = third.newLock(id);
    await fourth.lock(running(), () => undefined);
    await fourth.unlock();
  });
});

describe('two API processes on one database take PATCHes of one upload', { timeout: 60_000 }, () => {
  let other: FastifyInstance;
  beforeAll(async () => {
    other = await buildApp({ config: testConfig(settings), database: otherDatabase, logger: false });
    await other.ready();
  });
  afterAll(() => other?.close());

  it('a retry on the second process ends the stale PATCH of the first: the upload finishes once, with its bytes', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const material = Buffer.concat([
      Buffer.from('%PDF-1.4\n'),
      randomBytes(400 * 1024),
      Buffer.from('\ntrailer <<>>\n%%EOF\n'),
    ]);
    const created = await createTusUpload(
      t.app,
      editor.headers,
      'guia.pdf',
      'application/pdf',
      material.length,
    );
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const key = uploadKeyOf(location);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    // The first process takes a PATCH that announced the whole file; 100 KB arrive, then nothing.
    const sent = 100 * 1024;
    const stale = http.request({
      host: '127.0.0.1',
      port,
      method: 'PATCH',
      path: location,
      headers: {
        ...editor.headers,
        ...tus,
        'upload-offset': '0',
        'content-type': 'application/offset+octet-stream',
        'content-length': String(material.length),
      },
    });
    const staleAnswer = new Promise<{ status?: number; offset?: string }>((resolve) => {
      stale.on('response', (res) => {
        res.resume();
        res.on('end', () =>
          resolve({ status: res.statusCode, offset: res.headers['upload-offset'] as string }),
        );
      });
      stale.on('error', () => resolve({}));
      stale.on('close', () => setTimeout(() => resolve({}), 50));
    });
    stale.write(material.subarray(0, sent));
    await vi.waitFor(() => expect(statSync(path.join(filesDir, key)).size).toBe(sent), { timeout: 10_000 });

    // The client gives up waiting and asks the second process where the upload stands, then
    // sends the rest there.
    const head = await other.inject({
      method: 'HEAD',
      url: location,
      headers: { ...editor.headers, ...tus },
    });
    expect(head.statusCode).toBe(200);
    const offset = Number(head.headers['upload-offset']);
    expect(offset).toBe(sent);
    const rest = await other.inject({
      method: 'PATCH',
      url: location,
      headers: {
        ...editor.headers,
        ...tus,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
      },
      payload: material.subarray(offset),
    });
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ key, kind: 'pdf', size: material.length });

    // The stale connection delivers its late bytes; the first process must not write them.
    if (!stale.destroyed) stale.end(material.subarray(sent), () => undefined);
    const answer = await Promise.race([staleAnswer, sleep(8_000).then(() => ({ status: -1 }))]);
    // The upload finished once (one audit entry, one result), not again by the stale request…
    const finished = await t.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'upload.finish'), eq(auditLog.targetId, key)));
    expect(finished).toHaveLength(1);
    // …which was answered when asked to give the upload up, with where it had stopped.
    expect(answer).toEqual({ status: 204, offset: String(sent) });
    expect(readFileSync(path.join(filesDir, key)).equals(material)).toBe(true);
    const final = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...editor.headers, ...tus },
    });
    expect(final.headers['upload-offset']).toBe(String(material.length));
  });
});

import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AdminUploadResult } from '@alcancia/contract/admin';
import { type S3StandIn, startS3StandIn } from '@alcancia/sandbox';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import {
  createTusUpload,
  patchTusUpload,
  tinyMp4 as tinyMp4Padded,
  tus,
  uploadKeyOf,
} from '../../../../test/uploads';
import { uploadLocks, videoPackagings } from '../../../db/schema';
import { mediaUrlExpiry, signMediaUrl } from '../../files/media-urls';
import { cleanUpStorage } from './storage-cleanup';

/** The daily clean-up of abandoned media (decision 84), once per storage driver. */

const day = 24 * 60 * 60 * 1000;
/** A small MP4 (ftyp, mdat, moov/mvhd): enough for the upload checks. */
const tinyMp4 = (durationMs: number) => tinyMp4Padded(durationMs, 8192);
interface Driver {
  /** puts a file into the storage as the HLS job would */
  write(key: string, body: string): Promise<void>;
  /** whether the storage holds the key */
  has(key: string): boolean;
  /** makes a stored file look `days` old */
  age(key: string, days: number): void;
  /** makes the unfinished upload `key` look started `days` ago */
  ageUnfinished(key: string, days: number): void;
  /** whether anything of the unfinished upload `key` is left (its bytes, its info, its multipart upload) */
  hasUnfinished(key: string): boolean;
}

function cleanupSuite(name: string, t: TestApp, driver: () => Driver) {
  const upload = async (headers: Record<string, string>, video: Buffer, finish = true) => {
    const created = await createTusUpload(t.app, headers, 'c.mp4', 'video/mp4', video.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    const body = finish ? video : video.subarray(0, 1000);
    const done = await patchTusUpload(t.app, headers, location, 0, body);
    expect(done.statusCode, done.body).toBe(finish ? 200 : 204);
    const key = uploadKeyOf(location);
    return { key, location, result: finish ? (done.json() as AdminUploadResult) : null };
  };

  it(`${name}: an unreferenced week-old video goes with its HLS files and row; a referenced one, a fresh one and a fresh unfinished upload stay; an unfinished upload of 3 days and an expired upload lease go`, async () => {
    const editor = await operatorSession(t.app, 'editor');
    const d = driver();
    const used = await upload(editor.headers, tinyMp4(3000));
    const abandoned = await upload(editor.headers, tinyMp4(4000));
    const fresh = await upload(editor.headers, tinyMp4(5000));
    const stalled = await upload(editor.headers, tinyMp4(6000), false);
    const started = await upload(editor.headers, tinyMp4(7000), false);
    // the used video is in a section (a draft course is enough)
    const send = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, headers: editor.headers, payload });
    expect(
      (
        await send('/api/admin/courses', {
          id: `limpieza-${name}`,
          kind: 'COURSE',
          name: 'Limpieza',
          isFree: true,
        })
      ).statusCode,
    ).toBe(201);
    await send(`/api/admin/courses/limpieza-${name}/modules`, { id: `limpieza-${name}-m1`, name: 'Uno' });
    const section = await send(`/api/admin/courses/limpieza-${name}/modules/limpieza-${name}-m1/sections`, {
      name: 'Clase',
      type: 'CLASS',
      duration: 3,
      sectionUrl: used.result?.sectionUrl,
      mimeType: 'video/mp4',
      fileExtension: 'mp4',
    });
    expect(section.statusCode, section.body).toBe(201);
    // HLS streams of the used and the abandoned videos, as the packaging job leaves them
    const streamOf = (key: string) => key.replace('.mp4', '/');
    for (const video of [used.key, abandoned.key]) {
      await d.write(`${streamOf(video)}index.m3u8`, '#EXTM3U');
      await d.write(`${streamOf(video)}segment-00000.ts`, 'G');
      await t.database.db
        .insert(videoPackagings)
        .values({ videoKey: video, status: 'ready', playlistKey: `${streamOf(video)}index.m3u8` });
    }
    for (const key of [
      used.key,
      abandoned.key,
      `${streamOf(used.key)}index.m3u8`,
      `${streamOf(abandoned.key)}index.m3u8`,
    ]) {
      d.age(key, 8);
    }
    d.age(fresh.key, 6);
    d.ageUnfinished(stalled.key, 3);
    // The file store's .json of a finished upload still says offset 0: its age must not make it "unfinished".
    if (name === 'local') d.ageUnfinished(fresh.key, 3);

    // a lease left by a process that died a minute ago, and one a live process holds
    await t.database.db.insert(uploadLocks).values([
      { uploadId: `dead-${name}`, holder: 'gone', expiresAt: new Date(Date.now() - 60_000) },
      { uploadId: `live-${name}`, holder: 'here', expiresAt: new Date(Date.now() + 60_000) },
    ]);

    const result = await cleanUpStorage(t.app);
    expect(result).toMatchObject({ removedUploads: 1, expiredUploads: expect.any(Number), expiredLeases: 1 });
    const leases = await t.database.db.select({ id: uploadLocks.uploadId }).from(uploadLocks);
    expect(leases.map((lease) => lease.id)).toEqual([`live-${name}`]);
    expect(result.expiredUploads).toBeGreaterThan(0);

    expect(d.has(abandoned.key)).toBe(false);
    expect(d.has(`${streamOf(abandoned.key)}index.m3u8`)).toBe(false);
    expect(d.has(`${streamOf(abandoned.key)}segment-00000.ts`)).toBe(false);
    const rows = (await t.database.db.select().from(videoPackagings)).map((row) => row.videoKey);
    expect(rows).toEqual([used.key]);
    for (const key of [
      used.key,
      `${streamOf(used.key)}index.m3u8`,
      `${streamOf(used.key)}segment-00000.ts`,
      fresh.key,
    ]) {
      expect(d.has(key), key).toBe(true);
    }
    // the learner's media route still serves the used video (at a signed address, decision 102)
    const usedUrl = signMediaUrl(t.app.config, used.result?.sectionUrl as string, mediaUrlExpiry());
    expect((await t.app.inject({ method: 'GET', url: usedUrl })).statusCode).toBe(200);
    // the stalled upload is gone; the one just started may go on
    expect(d.hasUnfinished(stalled.key)).toBe(false);
    expect(d.hasUnfinished(started.key)).toBe(true);
    const head = await t.app.inject({
      method: 'HEAD',
      url: started.location,
      headers: { ...editor.headers, ...tus },
    });
    expect(head.headers['upload-offset']).toBe('1000');
    // a second run finds nothing more to do
    expect(await cleanUpStorage(t.app)).toMatchObject({
      removedUploads: 0,
      expiredUploads: 0,
      expiredLeases: 0,
    });
  });
}

describe('storage clean-up, local disk', { timeout: 60_000 }, () => {
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-cleanup-'));
  afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
  const t = testAppForFile(() =>
    createTestApp({ RATE_LIMIT_ENABLED: 'false', FILES_DIR: filesDir, FFMPEG_PATH: '/nonexistent/ffmpeg' }),
  );
  const file = (key: string) => path.join(filesDir, key);
  cleanupSuite('local', t, () => ({
    write: async (key, body) => {
      mkdirSync(path.dirname(file(key)), { recursive: true });
      writeFileSync(file(key), body);
    },
    has: (key) => existsSync(file(key)),
    age: (key, days) => {
      const then = new Date(Date.now() - days * day);
      utimesSync(file(key), then, then);
    },
    ageUnfinished: (key, days) => {
      // the file store keeps the upload's start in its .json
      const info = JSON.parse(readFileSync(file(`${key}.json`), 'utf8'));
      info.creation_date = new Date(Date.now() - days * day).toISOString();
      writeFileSync(file(`${key}.json`), JSON.stringify(info));
    },
    hasUnfinished: (key) => existsSync(file(key)) || existsSync(file(`${key}.json`)),
  }));
});

describe('storage clean-up, S3 bucket (sandbox stand-in)', { timeout: 60_000 }, () => {
  let s3: S3StandIn;
  let client: S3Client;
  const t = testAppForFile<TestApp>(async () => {
    s3 = await startS3StandIn();
    client = new S3Client({
      region: s3.region,
      endpoint: s3.url,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
    return createTestApp({
      RATE_LIMIT_ENABLED: 'false',
      FFMPEG_PATH: '/nonexistent/ffmpeg',
      STORAGE_DRIVER: 's3',
      S3_BUCKET: s3.bucket,
      S3_ENDPOINT: s3.url,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    client?.destroy();
    await s3?.close();
  });
  cleanupSuite('s3', t, () => ({
    write: async (key, body) => {
      await client.send(new PutObjectCommand({ Bucket: s3.bucket, Key: key, Body: body }));
    },
    has: (key) => s3.store.keys(s3.bucket).includes(key),
    age: (key, days) => s3.store.touch(s3.bucket, key, new Date(Date.now() - days * day)),
    ageUnfinished: (key, days) => {
      // S3 keeps when a multipart upload was initiated (ListMultipartUploads' Initiated)
      const upload = s3.store.listUploads(s3.bucket).find((u) => u.key === key);
      if (!upload) throw new Error(`no multipart upload for ${key}`);
      upload.initiated = new Date(Date.now() - days * day);
    },
    hasUnfinished: (key) =>
      s3.store.listUploads(s3.bucket).some((u) => u.key === key) ||
      s3.store.keys(s3.bucket).some((k) => k === `${key}.info` || k === `${key}.part`),
  }));
});

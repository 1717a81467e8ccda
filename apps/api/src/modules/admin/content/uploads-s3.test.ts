import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AdminUploadResult } from '@alcancia/contract/admin';
import { type S3StandIn, startS3StandIn } from '@alcancia/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import {
  createTusUpload,
  learnerSectionUrl as learnerSectionUrlOn,
  patchTusUpload,
  publishCourseWith as publishCourseWithOn,
  sectionOf,
  tus,
  unsignedMediaUrl,
  uploadKeyOf,
} from '../../../../test/uploads';
import { apiRoot } from '../../../db/paths';
import { mediaUrlExpiry, signMediaUrl } from '../../files/media-urls';
import type { VideoPackaging } from './hls-routes';

/**
 * The `s3` storage driver for real: the app's tus uploads (@tus/s3-store, S3 multipart), the
 * upload checks, the learner's media and file routes and the HLS job all talk to the sandbox's S3
 * stand-in through the real AWS SDK, every request signed (SigV4) and checked.
 */
const ffmpegPresent = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

let s3: S3StandIn;
const t = testAppForFile<TestApp>(async () => {
  s3 = await startS3StandIn();
  return createTestApp({
    RATE_LIMIT_ENABLED: 'false',
    STORAGE_DRIVER: 's3',
    S3_BUCKET: s3.bucket,
    S3_REGION: s3.region,
    S3_ENDPOINT: s3.url,
    S3_ACCESS_KEY_ID: s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  });
});
afterAll(() => s3?.close());

const MiB = 1024 * 1024;

/** A shipped 30-second H.264/AAC class, grown past 8 MiB with a trailing `free` box (players skip it). */
function bigVideo(): Buffer {
  const mp4 = readFileSync(path.join(apiRoot, 'media/videos/clase-ahorro.mp4'));
  const padding = 9 * MiB - mp4.length;
  const free = Buffer.alloc(padding, 0);
  free.writeUInt32BE(padding, 0);
  free.write('free', 4, 'latin1');
  return Buffer.concat([mp4, free]);
}

const bucketKeys = () => s3.store.keys(s3.bucket);

async function create(headers: Record<string, string>, filename: string, filetype: string, size: number) {
  const res = await createTusUpload(t.app, headers, filename, filetype, size);
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
}

const patch = (headers: Record<string, string>, location: string, offset: number, body: Buffer) =>
  patchTusUpload(t.app, headers, location, offset, body);
const publishCourseWith = (headers: Record<string, string>, id: string, section: object) =>
  publishCourseWithOn(t.app, headers, id, section);
const learnerSectionUrl = (courseId: string) => learnerSectionUrlOn(t.app, courseId);

describe('uploads into an S3 bucket (the sandbox stand-in)', { timeout: 120_000 }, () => {
  it('a 9 MiB video goes up in two PATCHes (3 MiB kept aside, then an 8 MiB part and the last); the server reads its duration from the bucket; a learner plays it', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const video = bigVideo();
    const location = await create(editor.headers, 'Clase de ahorro.mp4', 'video/mp4', video.length);
    // 3 MiB: under S3's 5 MiB minimum part, kept aside by the store as an incomplete part
    const first = await patch(editor.headers, location, 0, video.subarray(0, 3 * MiB));
    expect(first.statusCode).toBe(204);
    // unfinished uploads expire in 2 days (the daily clean-up deletes them)
    const expires = Date.parse(first.headers['upload-expires'] as string);
    expect(expires - Date.now()).toBeGreaterThan(47 * 3600_000);
    expect(bucketKeys()).toContain(`${uploadKeyOf(location)}.part`);
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...editor.headers, ...tus },
    });
    expect(head.headers['upload-offset']).toBe(String(3 * MiB));
    // the rest: one 8 MiB part (the kept 3 MiB and 5 more), then the last part
    const last = await patch(editor.headers, location, 3 * MiB, video.subarray(3 * MiB));
    expect(last.statusCode, last.body).toBe(200);
    const result = last.json() as AdminUploadResult;
    expect(result).toMatchObject({
      kind: 'video',
      duration: 30,
      size: video.length,
      name: 'Clase de ahorro.mp4',
    });
    const stored = s3.store.get(s3.bucket, result.key);
    expect(stored.etag).toMatch(/-2"$/); // joined from two parts
    expect(stored.body.equals(video)).toBe(true);
    expect(bucketKeys()).not.toContain(`${result.key}.part`);

    await publishCourseWith(editor.headers, 'ahorro-s3', sectionOf('ahorro-s3-s1', result));
    const { url } = await learnerSectionUrl('ahorro-s3');
    if (!ffmpegPresent) expect(unsignedMediaUrl(url)).toBe(result.sectionUrl);
    // the MP4 at its signed address (decision 0102)
    const mp4Url = signMediaUrl(t.app.config, result.sectionUrl, mediaUrlExpiry());
    const whole = await t.app.inject({ method: 'GET', url: mp4Url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const seek = await t.app.inject({
      method: 'GET',
      url: mp4Url,
      headers: { range: 'bytes=8388600-8388700' },
    });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-range']).toBe(`bytes 8388600-8388700/${video.length}`);
    expect(seek.rawPayload.equals(video.subarray(8388600, 8388701))).toBe(true);
  });

  it('a fake MP4 is refused and nothing of it stays in the bucket', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const fake = Buffer.from('esto no es un video'.padEnd(4096, '.'));
    const location = await create(editor.headers, 'falso.mp4', 'video/mp4', fake.length);
    const key = uploadKeyOf(location);
    const refused = await patch(editor.headers, location, 0, fake);
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toContain('El archivo no es un video MP4 válido.');
    expect(bucketKeys().filter((k) => k.startsWith(key))).toEqual([]);
  });

  it('a PDF material is opened by the learner through a presigned URL of the bucket, with its Spanish name', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const pdf = Buffer.from(
      '%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'.padEnd(2048, ' '),
      'latin1',
    );
    const location = await create(editor.headers, 'Guía de ahorro.pdf', 'application/pdf', pdf.length);
    const done = await patch(editor.headers, location, 0, pdf);
    expect(done.statusCode, done.body).toBe(200);
    const result = done.json() as AdminUploadResult;
    await publishCourseWith(editor.headers, 'guia-s3', sectionOf('guia-s3-s1', result, 'La guía de ahorro'));
    const { url: key, headers } = await learnerSectionUrl('guia-s3');
    const signed = await t.app.inject({ method: 'GET', url: `/api/academy/file-url/${key}`, headers });
    expect(signed.statusCode, signed.body).toBe(200);
    const url = new URL(signed.json().url);
    expect(url.origin).toBe(s3.url);
    // the app's pages may fetch from the bucket (the PDF viewer reads the material there)
    const csp = String(
      (await t.app.inject({ method: 'GET', url: '/api/health' })).headers['content-security-policy'],
    );
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${s3.url.replace(/[.]/g, '\\.')}`));
    expect(csp).toMatch(new RegExp(`media-src [^;]*${s3.url.replace(/[.]/g, '\\.')}`));
    const file = await fetch(url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/filename\*=UTF-8''/);
    expect(Buffer.from(await file.arrayBuffer()).equals(pdf)).toBe(true);
    // The download button's URL is on the bucket's origin too, where a link's `download` attribute
    // does nothing: the bucket itself must answer an attachment.
    const download = await fetch(signed.json().downloadUrl);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toMatch(
      /^attachment; filename="La guia de ahorro\.pdf"/,
    );
    expect(Buffer.from(await download.arrayBuffer()).equals(pdf)).toBe(true);
  });

  it.runIf(ffmpegPresent)(
    'with ffmpeg, the HLS job stores the ladder (a 360p source: one rung and audio only) in the bucket; the learner gets the master',
    async () => {
      const editor = await operatorSession(t.app, 'editor');
      const video = readFileSync(path.join(apiRoot, 'media/videos/clase-inversion.mp4'));
      const location = await create(editor.headers, 'Inversión.mp4', 'video/mp4', video.length);
      const done = await patch(editor.headers, location, 0, video);
      expect(done.statusCode, done.body).toBe(200);
      const result = done.json() as AdminUploadResult;
      const name = path.basename(result.key);
      let state: VideoPackaging | undefined;
      for (let i = 0; i < 240; i++) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/api/admin/videos/${name}/hls`,
          headers: editor.headers,
        });
        state = res.json() as VideoPackaging;
        if (state.state !== 'queued' && state.state !== 'packaging') break;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
      expect(state).toMatchObject({ state: 'ready', method: 'transcode' });
      const folder = result.key.replace('.mp4', '/');
      const streamKeys = bucketKeys().filter((k) => k.startsWith(folder));
      expect(streamKeys).toContain(`${folder}master.m3u8`);
      expect(streamKeys).toContain(`${folder}360p.m3u8`);
      expect(streamKeys).toContain(`${folder}audio.m3u8`);
      expect(streamKeys.some((k) => /720p/.test(k))).toBe(false);
      expect(streamKeys.filter((k) => /360p-\d{5}\.ts$/.test(k)).length).toBeGreaterThan(1);
      expect(s3.store.get(s3.bucket, `${folder}master.m3u8`).contentType).toBe(
        'application/vnd.apple.mpegurl',
      );

      await publishCourseWith(editor.headers, 'inversion-s3', sectionOf('inversion-s3-s1', result));
      const { url } = await learnerSectionUrl('inversion-s3');
      expect(unsignedMediaUrl(url)).toBe(state?.playlistUrl);
      const playlist = await t.app.inject({ method: 'GET', url });
      expect(playlist.statusCode).toBe(200);
      expect(playlist.body).toContain('RESOLUTION=640x360');
      const segment = await t.app.inject({
        method: 'GET',
        url: url.replace('master.m3u8', '360p-00000.ts'),
      });
      expect(segment.statusCode).toBe(200);
      expect(segment.rawPayload.equals(s3.store.get(s3.bucket, `${folder}360p-00000.ts`).body)).toBe(true);
    },
  );
});

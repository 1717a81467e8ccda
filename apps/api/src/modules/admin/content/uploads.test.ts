import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AdminUploadResult } from '@alcancia/contract/admin';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp, testAppForFile } from '../../../../test/helpers';
import { operatorSession } from '../../../../test/operators';
import {
  createTusUpload,
  learnerSectionUrl,
  patchTusUpload,
  publishCourseWith,
  sectionOf,
  tinyMp4,
  tinyPdf,
  tus,
  unsignedMediaUrl,
  uploadKeyOf,
} from '../../../../test/uploads';
import { auditLog } from '../../../db/schema';
import { mediaUrlExpiry, signMediaUrl } from '../../files/media-urls';
import { matchesKind, mp4DurationSeconds } from './upload-checks';

const filesDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-uploads-'));
afterAll(() => rmSync(filesDir, { recursive: true, force: true }));
const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false', FILES_DIR: filesDir }));

const readerOf = (buffer: Buffer) => async (offset: number, length: number) =>
  buffer.subarray(offset, offset + length);

const createUpload = (headers: Record<string, string>, filename: string, filetype: string, size: number) =>
  createTusUpload(t.app, headers, filename, filetype, size);
const patch = (headers: Record<string, string>, location: string, offset: number, body: Buffer) =>
  patchTusUpload(t.app, headers, location, offset, body);

describe('upload checks', () => {
  it('reads an MP4 duration from its movie header, wherever moov is, and checks magic bytes', async () => {
    const video = tinyMp4(42_300);
    expect(await mp4DurationSeconds(video.length, readerOf(video))).toBe(43);
    expect(await matchesKind('video', video.length, readerOf(video))).toBe(true);
    expect(await matchesKind('pdf', video.length, readerOf(video))).toBe(false);
    const pdf = tinyPdf();
    expect(await matchesKind('pdf', pdf.length, readerOf(pdf))).toBe(true);
    expect(await mp4DurationSeconds(pdf.length, readerOf(pdf))).toBeNull();
    expect(await matchesKind('xlsx', pdf.length, readerOf(pdf))).toBe(false);
  });
});

describe('resumable uploads (tus)', { timeout: 60_000 }, () => {
  it('tells what may be uploaded, and whether ffmpeg (HLS) is here', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/uploads/capabilities',
      headers: editor.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ resumable: 'tus', hls: expect.any(Boolean) });
    expect(res.json().types.map((type: { extension: string }) => type.extension)).toEqual([
      'mp4',
      'pdf',
      'xlsx',
    ]);
  });

  it('an editor uploads a video in two parts, a learner then plays it (ranges); support may not upload', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const support = await operatorSession(t.app, 'support');
    const video = tinyMp4(61_000);
    expect((await createUpload(support.headers, 'clase.mp4', 'video/mp4', video.length)).statusCode).toBe(
      403,
    );

    const created = await createUpload(editor.headers, 'clase.mp4', 'video/mp4', video.length);
    expect(created.statusCode, created.body).toBe(201);
    const location = created.headers.location as string;
    expect(location).toMatch(/^\/api\/admin\/uploads\/[A-Za-z0-9_-]+$/);
    const half = Math.floor(video.length / 2);
    const first = await patch(editor.headers, location, 0, video.subarray(0, half));
    expect(first.statusCode).toBe(204);
    const head = await t.app.inject({
      method: 'HEAD',
      url: location,
      headers: { ...editor.headers, ...tus },
    });
    expect(head.headers['upload-offset']).toBe(String(half));
    const last = await patch(editor.headers, location, half, video.subarray(half));
    expect(last.statusCode, last.body).toBe(200);
    const result = last.json() as AdminUploadResult;
    expect(result).toMatchObject({ kind: 'video', duration: 61, mimeType: 'video/mp4', size: video.length });
    expect(result.sectionUrl).toMatch(/^\/media\/subidas\/videos\/[0-9a-f]{32}\.mp4$/);
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.action, 'upload.finish'));
    expect(audit.map((a) => a.targetId)).toEqual([result.key]);

    // a course with the video, published; the learner gets its address and plays it
    await publishCourseWith(t.app, editor.headers, 'con-video', sectionOf('con-video-s1', result));
    const { url } = await learnerSectionUrl(t.app, 'con-video');
    // signed (decision 0102): the stored address under a token
    expect(url).toMatch(/^\/media\/s\/[^/]+\/subidas\//);
    expect(unsignedMediaUrl(url)).toBe(result.sectionUrl);
    const whole = await t.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(video)).toBe(true);
    const seek = await t.app.inject({ method: 'GET', url, headers: { range: 'bytes=100-199' } });
    expect(seek.statusCode).toBe(206);
    expect(seek.headers['content-range']).toBe(`bytes 100-199/${video.length}`);
    expect(seek.rawPayload.equals(video.subarray(100, 200))).toBe(true);
  });

  it('a PDF uploaded here is a material the learner opens through the signed file route', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const pdf = tinyPdf();
    const created = await createUpload(editor.headers, 'Guía.pdf', 'application/pdf', pdf.length);
    const done = await patch(editor.headers, created.headers.location as string, 0, pdf);
    expect(done.statusCode, done.body).toBe(200);
    const result = done.json() as AdminUploadResult;
    expect(result).toMatchObject({ kind: 'pdf', fileExtension: 'pdf', duration: 0 });
    expect(result.sectionUrl).toMatch(/^subidas\/materiales\/[0-9a-f]{32}\.pdf$/);
    await publishCourseWith(t.app, editor.headers, 'con-pdf', sectionOf('con-pdf-s1', result, 'La guía'));
    const learner = await learnerSectionUrl(t.app, 'con-pdf');
    expect(learner.url).toBe(result.sectionUrl);
    const signed = await t.app.inject({
      method: 'GET',
      url: `/api/academy/file-url/${result.sectionUrl}`,
      headers: learner.headers,
    });
    expect(signed.statusCode, signed.body).toBe(200);
    const file = await t.app.inject({ method: 'GET', url: signed.json().url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(pdf)).toBe(true);
  });

  it('refuses a file that is not what it claims (magic bytes) and deletes it; refuses other types and sizes', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const fake = Buffer.from('esto no es un PDF'.padEnd(512, '.'));
    const created = await createUpload(editor.headers, 'falso.pdf', 'application/pdf', fake.length);
    const refused = await patch(editor.headers, created.headers.location as string, 0, fake);
    expect(refused.statusCode).toBe(415);
    expect(refused.body).toContain('El archivo no es un PDF válido.');
    expect(
      readdirSync(path.join(filesDir, 'subidas', 'materiales')).filter((f) => f.includes('.')),
    ).not.toContain(
      uploadKeyOf(created.headers.location as string)
        .split('/')
        .pop(),
    );
    const exe = await createUpload(editor.headers, 'programa.exe', 'application/octet-stream', 10);
    expect(exe.statusCode).toBe(415);
    const huge = await createUpload(editor.headers, 'enorme.pdf', 'application/pdf', 200 * 1024 ** 2);
    expect(huge.statusCode).toBe(413);
    expect(huge.body).toContain('El archivo supera el máximo de 100 MB.');
  });

  it("tus's own protocol errors answer in the API's Spanish form, keeping their status", async () => {
    const editor = await operatorSession(t.app, 'editor');
    const spanish = (answer: { statusCode: number; headers: Record<string, unknown>; json(): unknown }) => {
      expect(answer.headers['content-type']).toContain('application/json');
      return answer.json() as { internalCode: string; message: string };
    };
    // no Tus-Resumable header: tus says "Tus-Resumable Required" in English
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: { ...editor.headers, 'content-type': 'application/json' },
      payload: '[]',
    });
    expect(bare.statusCode).toBe(412);
    expect(spanish(bare)).toEqual({
      internalCode: 'INVALID_DATA',
      message: expect.stringContaining('falta el encabezado Tus-Resumable'),
    });
    // an upload that never existed
    const unknown = await patch(
      editor.headers,
      `/api/admin/uploads/${Buffer.from(`subidas/materiales/${'0'.repeat(32)}.pdf`).toString('base64url')}`,
      0,
      tinyPdf(),
    );
    expect(unknown.statusCode).toBe(404);
    expect(spanish(unknown)).toEqual({
      internalCode: 'NOT_FOUND',
      message: 'No encontramos esa subida. Empezala de nuevo.',
    });
    // a PATCH from the wrong offset
    const pdf = tinyPdf();
    const created = await createUpload(editor.headers, 'apunte.pdf', 'application/pdf', pdf.length);
    const wrongOffset = await patch(editor.headers, created.headers.location as string, 10, pdf.subarray(10));
    expect(wrongOffset.statusCode).toBe(409);
    expect(spanish(wrongOffset).internalCode).toBe('UPLOAD_OFFSET_CONFLICT');
    expect(wrongOffset.headers['tus-resumable']).toBe('1.0.0');
    // our own refusals, in the same form
    const exe = await createUpload(editor.headers, 'programa.exe', 'application/octet-stream', 10);
    expect(spanish(exe)).toEqual({
      internalCode: 'UNSUPPORTED_FILE_TYPE',
      message: 'Subí un video MP4 o un material PDF o XLSX.',
    });
  });

  it('an interrupted upload resumes where the server says it stopped', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const video = tinyMp4(5_000, 512 * 1024);
    const created = await createUpload(editor.headers, 'largo.mp4', 'video/mp4', video.length);
    const location = created.headers.location as string;
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    // The connection drops after 200 KB of a PATCH that announced the whole file.
    await new Promise<void>((resolve) => {
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'PATCH',
        path: location,
        headers: {
          ...editor.headers,
          ...tus,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(video.length),
        },
      });
      request.on('error', () => resolve());
      request.on('close', () => resolve());
      request.write(video.subarray(0, 200 * 1024), () => {
        setTimeout(() => request.destroy(), 300);
      });
    });
    let offset = 0;
    for (let i = 0; i < 20 && offset === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      const head = await t.app.inject({
        method: 'HEAD',
        url: location,
        headers: { ...editor.headers, ...tus },
      });
      offset = Number(head.headers['upload-offset']);
    }
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThanOrEqual(200 * 1024);
    const rest = await patch(editor.headers, location, offset, video.subarray(offset));
    expect(rest.statusCode, rest.body).toBe(200);
    expect(rest.json()).toMatchObject({ duration: 5, size: video.length });
    // played at its signed address (decision 0102)
    const signed = signMediaUrl(t.app.config, rest.json().sectionUrl, mediaUrlExpiry());
    const played = await t.app.inject({ method: 'GET', url: signed });
    expect(played.rawPayload.equals(video)).toBe(true);
  });
});

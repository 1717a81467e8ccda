import type { AdminUploadResult } from '@alcancia/contract/admin';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { publishableFields } from '../src/modules/admin/content/publication-test-setup';
import { bearer, newSession } from './accounts';

/**
 * What the upload tests share: small files that pass the server's checks, the tus requests of the
 * back office's uploader, and a published course a learner then opens.
 */

type Headers = Record<string, string>;

export const tus = { 'tus-resumable': '1.0.0' };

/** tus's Upload-Metadata header: comma-separated `key base64(value)` pairs. */
export const uploadMetadata = (filename: string, filetype: string) =>
  `filename ${Buffer.from(filename).toString('base64')},filetype ${Buffer.from(filetype).toString('base64')}`;

const box = (type: string, body: Buffer) => {
  const header = Buffer.alloc(8);
  header.writeUInt32BE(8 + body.length, 0);
  header.write(type, 4, 'latin1');
  return Buffer.concat([header, body]);
};

/**
 * A small MP4 that passes the upload checks: ftyp, a padding mdat, then moov/mvhd at the end
 * (timescale 1000, so the server reads `durationMs`). It holds no stream ffmpeg can play.
 */
export function tinyMp4(durationMs: number, padding = 64 * 1024): Buffer {
  const mvhd = Buffer.alloc(100);
  mvhd.writeUInt32BE(1000, 12); // timescale
  mvhd.writeUInt32BE(durationMs, 16);
  return Buffer.concat([
    box('ftyp', Buffer.from('isom\u0000\u0000\u0002\u0000isomiso2mp41', 'latin1')),
    box('mdat', Buffer.alloc(padding, 7)),
    box('moov', box('mvhd', mvhd)),
  ]);
}

/** A small PDF (its magic bytes and trailer are what the checks read). */
export const tinyPdf = () =>
  Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'.padEnd(2048, ' '), 'latin1');

/** tus creation: POST /api/admin/uploads announcing the size; the answer's Location is the upload. */
export const createTusUpload = (
  app: FastifyInstance,
  headers: Headers,
  filename: string,
  filetype: string,
  size: number,
) =>
  app.inject({
    method: 'POST',
    url: '/api/admin/uploads',
    headers: {
      ...headers,
      ...tus,
      'upload-length': String(size),
      'upload-metadata': uploadMetadata(filename, filetype),
    },
  });

/** tus PATCH: `body` written at `offset`. */
export const patchTusUpload = (
  app: FastifyInstance,
  headers: Headers,
  location: string,
  offset: number,
  body: Buffer,
) =>
  app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...headers,
      ...tus,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: body,
  });

/** The storage key of a tus upload: its id in the Location is the key, base64url-encoded. */
export const uploadKeyOf = (location: string) =>
  Buffer.from(location.split('/').pop() as string, 'base64url').toString('utf8');

/** Uploads `file` whole (one creation, one PATCH) as `headers`' operator; the server's result. */
export async function uploadWhole(
  app: FastifyInstance,
  headers: Headers,
  file: Buffer,
  filename = 'clase.mp4',
  filetype = 'video/mp4',
): Promise<AdminUploadResult> {
  const created = await createTusUpload(app, headers, filename, filetype, file.length);
  expect(created.statusCode, created.body).toBe(201);
  const done = await patchTusUpload(app, headers, created.headers.location as string, 0, file);
  expect(done.statusCode, done.body).toBe(200);
  return done.json() as AdminUploadResult;
}

/** A section made of an upload: a class for a video, a downloadable material otherwise. */
export const sectionOf = (id: string, upload: AdminUploadResult, name = 'La clase') => ({
  id,
  name,
  type: upload.kind === 'video' ? 'CLASS' : 'DOWNLOADABLE_MATERIAL',
  ...(upload.kind === 'video' ? { duration: upload.duration } : {}),
  sectionUrl: upload.sectionUrl,
  mimeType: upload.mimeType,
  fileExtension: upload.fileExtension,
});

/** A free course `id` with one module holding `section`, created and published by the editor. */
export async function publishCourseWith(app: FastifyInstance, headers: Headers, id: string, section: object) {
  const send = (url: string, payload?: object) =>
    app.inject({ method: 'POST', url, headers, ...(payload ? { payload } : {}) });
  const course = await send('/api/admin/courses', {
    id,
    kind: 'COURSE',
    name: `Curso ${id}`,
    isFree: true,
    ...(await publishableFields(app)),
  });
  expect(course.statusCode, course.body).toBe(201);
  const module = await send(`/api/admin/courses/${id}/modules`, { id: `${id}-m1`, name: 'Uno' });
  expect(module.statusCode, module.body).toBe(201);
  const created = await send(`/api/admin/courses/${id}/modules/${id}-m1/sections`, section);
  expect(created.statusCode, created.body).toBe(201);
  const published = await send(`/api/admin/courses/${id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
}

/** A class video's signed address (decision 0102) without its token: the stored address. */
export const unsignedMediaUrl = (url: string) => url.replace(/^\/media\/s\/[^/]+\//, '/media/');

/** What a new learner is given for the course's first section: its address, and her headers. */
export async function learnerSectionUrl(
  app: FastifyInstance,
  courseId: string,
): Promise<{ url: string; headers: Headers }> {
  const learner = await newSession(app);
  const headers = bearer(learner.credentials);
  const course = await app.inject({ method: 'GET', url: `/api/academy/${courseId}`, headers });
  expect(course.statusCode, course.body).toBe(200);
  return { url: course.json().modules[0].sections[0].section_url as string, headers };
}

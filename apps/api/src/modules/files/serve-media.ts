import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import fastifyStatic from '@fastify/static';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { Database } from '../../db/client';
import { apiRoot } from '../../db/paths';
import { courseSections } from '../../db/schema';
import { AppError } from '../../errors';
import { uploadedCaptionsPath } from './class-captions';
import { classStreamPath, classStreamPlaylist } from './class-stream';
import { coverNamePattern, coverPrefix } from './cover-names';
import { verifyMediaToken } from './media-urls';

/** Shipped demo media: public videos (MP4, HLS) and course thumbnails. */
export const mediaDir = path.join(apiRoot, 'media');

/**
 * /media/thumbnails/* as static files with a week of caching, and class videos only at their
 * signed addresses /media/s/{token}/… (decision 0102): the shipped demo videos (media/videos) and
 * the ones uploaded in the back office (the configured storage), MP4 with range requests for
 * seeking, HLS playlists and their parts. Materials under media/files are deliberately not mounted:
 * they are only read through signed URLs. Registered under the /media prefix with its own 404, so a
 * missing video is a 404 and not the SPA's index.html.
 */
export const serveMediaRoutes: FastifyPluginAsync = async (app) => {
  await app.register(fastifyStatic, {
    root: path.join(mediaDir, 'thumbnails'),
    prefix: '/thumbnails/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    acceptRanges: true,
    maxAge: '7d',
  });
  await app.register(serveSignedVideos);
  await app.register(serveCovers);
  app.setNotFoundHandler(() => {
    throw AppError.notFound('El archivo solicitado no existe.');
  });
};
const coverTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * /media/portadas/{hash}.{ext}: a cover uploaded in the back office (decision 0118), from the
 * configured storage. Unsigned, as catalogue covers are public; its name is its content's hash, so
 * it is cached for a year.
 */
const serveCovers: FastifyPluginAsync = async (app) => {
  app.get<{ Params: { name: string } }>('/portadas/:name', async (request, reply) => {
    const { name } = request.params;
    if (!coverNamePattern.test(name)) throw AppError.notFound('El archivo solicitado no existe.');
    const file = await app.fileStorage.read(`${coverPrefix}${name}`);
    if (!file) throw AppError.notFound('El archivo solicitado no existe.');
    return reply
      .header('content-type', coverTypes[name.split('.').pop() as string])
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });
};

/** `bytes=a-b`, `bytes=a-`, `bytes=-n` (one range); null: the whole file; 'invalid': not satisfiable. */
function parseRange(
  header: string | undefined,
  total: number,
): { start: number; end: number } | null | 'invalid' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (!match[1] && !match[2])) return null;
  if (!match[1]) {
    const suffix = Number(match[2]);
    if (suffix === 0) return 'invalid';
    return { start: Math.max(0, total - suffix), end: total - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] ? Math.min(Number(match[2]), total - 1) : total - 1;
  if (start >= total || start > end) return 'invalid';
  return { start, end };
}

const videoTypes: Record<string, string> = {
  mp4: 'video/mp4',
  m4s: 'video/iso.segment',
  m3u8: 'application/vnd.apple.mpegurl',
  ts: 'video/mp2t',
  // a class's captions (decision 0156)
  vtt: 'text/vtt; charset=utf-8',
};

/** A part of a stored file: its bytes from `start` to `end` (inclusive) and its whole size. */
type RangeReader = (
  start: number,
  end: number,
) => Promise<{ body: Readable; size: number; total: number } | null>;

/** Captions uploaded for a class (decision 0157), from its row; null when the hash is not the current one. */
async function uploadedCaptionsFile(
  db: Database,
  sectionId: string,
  hash: string,
): Promise<RangeReader | null> {
  const [row] = await db
    .select({ vtt: courseSections.captionsVtt })
    .from(courseSections)
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.captionsHash, hash)));
  if (!row?.vtt) return null;
  return bytesReader(Buffer.from(row.vtt));
}

/** A file held in memory, read by parts like a stored one. */
function bytesReader(bytes: Buffer): RangeReader {
  return async (start, end) => ({
    body: Readable.from([bytes.subarray(start, end + 1)]),
    size: end - start + 1,
    total: bytes.length,
  });
}

/** A shipped demo video (media/videos/…), read from disk; null when it is not a plain file there. */
async function demoVideo(relative: string): Promise<RangeReader | null> {
  const root = path.join(mediaDir, 'videos');
  const file = path.resolve(root, relative);
  if (!file.startsWith(`${root}${path.sep}`)) return null;
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  return async (start, end) => ({
    body: createReadStream(file, { start, end }),
    size: end - start + 1,
    total: info.size,
  });
}

/**
 * /media/s/{expires}.{signature}/videos/… and …/subidas/videos/… — a class video at the address
 * the course endpoint signed for those who may open the course. Unsigned, tampered or expired:
 * 403 with the API's Spanish error; a signed address of a missing file: 404. Cached privately, and
 * never past the address's expiry.
 */
const serveSignedVideos: FastifyPluginAsync = async (app) => {
  const notFound = () => AppError.notFound('El archivo solicitado no existe.');

  app.get<{ Params: { token: string; '*': string } }>('/s/:token/*', async (request, reply) => {
    const relative = request.params['*'];
    const name = relative.slice(relative.lastIndexOf('/') + 1);
    const contentType = videoTypes[name.split('.').pop() ?? ''];
    // Plain names only: no empty, dot or encoded segments.
    if (!contentType || !relative.split('/').every((part) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(part))) {
      throw notFound();
    }
    const verdict = verifyMediaToken(app.config, request.params.token, relative);
    if (verdict === 'invalid') {
      throw new AppError(
        'INVALID_MEDIA_SIGNATURE',
        403,
        'La dirección del video no es válida. Volvé a abrir la clase.',
      );
    }
    if (verdict === 'expired') {
      throw new AppError('MEDIA_URL_EXPIRED', 403, 'La dirección del video venció. Volvé a abrir la clase.');
    }

    let read: RangeReader | null = null;
    const uploadedCaptions = uploadedCaptionsPath.exec(relative);
    if (classStreamPath.test(relative)) {
      // a class's master with its captions, or their playlist: written for this request (decision 0175)
      const expires = Number(request.params.token.split('.')[0]);
      const playlist = await classStreamPlaylist(app, relative, expires);
      if (playlist !== null) read = bytesReader(Buffer.from(playlist));
    } else if (uploadedCaptions) {
      read = await uploadedCaptionsFile(app.db, uploadedCaptions[1] as string, uploadedCaptions[2] as string);
    } else if (relative.startsWith('videos/')) {
      read = await demoVideo(relative.slice('videos/'.length));
    } else if (
      // the MP4, a single-rung stream (decision 78) or a ladder's playlists and segments (0175)
      /^subidas\/videos\/([0-9a-f]{32}\.mp4|[0-9a-f]{32}\/(index\.m3u8|segment-\d{5}\.ts|master\.m3u8|(\d{2,4}p|audio)(\.m3u8|-\d{5}\.ts)))$/.test(
        relative,
      )
    ) {
      read = (start, end) => app.fileStorage.readRange(relative, start, end);
    }
    if (!read) throw notFound();
    const head = await read(0, 0);
    if (!head) throw notFound();
    head.body.destroy();
    const total = head.total;
    const range = parseRange(request.headers.range, total);
    const expires = Number(request.params.token.split('.')[0]);
    const maxAge = Math.max(0, Math.min(604_800, expires - Math.floor(Date.now() / 1000)));
    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', contentType)
      .header('cache-control', `private, max-age=${maxAge}`);
    if (range === 'invalid') {
      return reply.code(416).header('content-range', `bytes */${total}`).send();
    }
    const part = await read(range?.start ?? 0, range?.end ?? total - 1);
    if (!part) throw notFound();
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${total}`);
    return reply.header('content-length', part.size).send(part.body);
  });
};

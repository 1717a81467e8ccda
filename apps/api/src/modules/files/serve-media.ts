import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/client';
import { courseSections } from '../../db/schema';
import { AppError } from '../../errors';
import { uploadedCaptionsPath } from './class-captions';
import { classStreamPath, classStreamPlaylist } from './class-stream';
import { mediaDir } from './media-dir';
import { verifyMediaToken } from './media-urls';

/** Where the shipped demo media lie (media-dir.ts; read here and by tests and other modules). */
export { mediaDir } from './media-dir';

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

const notFound = () => AppError.notFound('El archivo solicitado no existe.');

/** A signed video's answer: its type and private cache time, and its part (none: 416). */
export interface SignedVideo {
  contentType: string;
  maxAge: number;
  total: number;
  range: { start: number; end: number } | null;
  part: { body: Readable; size: number } | null;
}

/**
 * /media/s/{expires}.{signature}/videos/… and …/subidas/videos/… — a class video at the address
 * the course endpoint signed for those who may open the course. Unsigned, tampered or expired:
 * 403 with the API's Spanish error; a signed address of a missing file: 404; a range it cannot
 * satisfy: no part (the route answers 416). Cached privately, and never past the address's expiry.
 */
export async function readSignedVideo(
  app: FastifyInstance,
  token: string,
  relative: string,
  rangeHeader: string | undefined,
): Promise<SignedVideo> {
  const name = relative.slice(relative.lastIndexOf('/') + 1);
  const contentType = videoTypes[name.split('.').pop() ?? ''];
  // Plain names only: no empty, dot or encoded segments.
  if (!contentType || !relative.split('/').every((part) => /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/.test(part))) {
    throw notFound();
  }
  const verdict = verifyMediaToken(app.config, token, relative);
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
  const expires = Number(token.split('.')[0]);
  const read = await readerOf(app, relative, expires);
  if (!read) throw notFound();
  const head = await read(0, 0);
  if (!head) throw notFound();
  head.body.destroy();
  const total = head.total;
  const range = parseRange(rangeHeader, total);
  const maxAge = Math.max(0, Math.min(604_800, expires - Math.floor(Date.now() / 1000)));
  if (range === 'invalid') return { contentType, maxAge, total, range: null, part: null };
  const part = await read(range?.start ?? 0, range?.end ?? total - 1);
  if (!part) throw notFound();
  return { contentType, maxAge, total, range, part };
}

/** Where a signed address's bytes come from, or null when it names nothing served. */
async function readerOf(
  app: FastifyInstance,
  relative: string,
  expires: number,
): Promise<RangeReader | null> {
  const uploadedCaptions = uploadedCaptionsPath.exec(relative);
  if (classStreamPath.test(relative)) {
    // a class's master with its captions, or their playlist: written for this request (decision 0175)
    const playlist = await classStreamPlaylist(app, relative, expires);
    return playlist === null ? null : bytesReader(Buffer.from(playlist));
  }
  if (uploadedCaptions) {
    return uploadedCaptionsFile(app.db, uploadedCaptions[1] as string, uploadedCaptions[2] as string);
  }
  if (relative.startsWith('videos/')) return demoVideo(relative.slice('videos/'.length));
  if (
    // the MP4, a single-rung stream (decision 78) or a ladder's playlists and segments (0175)
    /^subidas\/videos\/([0-9a-f]{32}\.mp4|[0-9a-f]{32}\/(index\.m3u8|segment-\d{5}\.ts|master\.m3u8|(\d{2,4}p|audio)(\.m3u8|-\d{5}\.ts)))$/.test(
      relative,
    )
  ) {
    return (start, end) => app.fileStorage.readRange(relative, start, end);
  }
  return null;
}

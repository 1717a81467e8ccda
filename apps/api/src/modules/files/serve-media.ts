import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoot } from '../../db/paths';
import { AppError } from '../../errors';
import { hlsContentType } from '../admin/content/hls-packaging';

/** Shipped demo media: public videos (MP4, HLS) and course thumbnails. */
export const mediaDir = path.join(apiRoot, 'media');

/**
 * /media/videos/* and /media/thumbnails/* as static files, with range requests (video seeking) and
 * a week of caching. Materials under media/files are deliberately not mounted: they are only read
 * through signed URLs. Registered under the /media prefix with its own 404, so a missing video is
 * a 404 and not the SPA's index.html.
 */
export const serveMediaRoutes: FastifyPluginAsync = async (app) => {
  for (const folder of ['videos', 'thumbnails']) {
    await app.register(fastifyStatic, {
      root: path.join(mediaDir, folder),
      prefix: `/${folder}/`,
      decorateReply: false,
      index: false,
      dotfiles: 'deny',
      acceptRanges: true,
      maxAge: '7d',
    });
  }
  await app.register(serveUploadedVideos);
  app.setNotFoundHandler(() => {
    throw AppError.notFound('El archivo solicitado no existe.');
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

/**
 * /media/subidas/videos/{name}.mp4 — class videos uploaded in the back office, read from the
 * configured storage (FILES_DIR or the bucket) with range requests for seeking — and, once packaged
 * (decision 78), their HLS stream /media/subidas/videos/{name}/index.m3u8 and its segments. Like
 * the shipped demo videos they are public under an unguessable name; only learners who may open
 * the course get the address (the course endpoint hides it from the others).
 */
const serveUploadedVideos: FastifyPluginAsync = async (app) => {
  const notFound = () => AppError.notFound('El archivo solicitado no existe.');

  const sendStored = async (
    request: FastifyRequest,
    reply: FastifyReply,
    key: string,
    contentType: string,
  ) => {
    const head = await app.fileStorage.readRange(key, 0, 0);
    if (!head) throw notFound();
    head.body.destroy();
    const total = head.total;
    const range = parseRange(request.headers.range, total);
    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', contentType)
      .header('cache-control', 'public, max-age=604800, immutable');
    if (range === 'invalid') {
      return reply.code(416).header('content-range', `bytes */${total}`).send();
    }
    const part = await app.fileStorage.readRange(key, range?.start ?? 0, range?.end ?? total - 1);
    if (!part) throw notFound();
    if (range) reply.code(206).header('content-range', `bytes ${range.start}-${range.end}/${total}`);
    return reply.header('content-length', part.size).send(part.body);
  };

  app.get<{ Params: { name: string } }>('/subidas/videos/:name', async (request, reply) => {
    const { name } = request.params;
    if (!/^[0-9a-f]{32}\.mp4$/.test(name)) throw notFound();
    return sendStored(request, reply, `subidas/videos/${name}`, 'video/mp4');
  });

  app.get<{ Params: { folder: string; file: string } }>(
    '/subidas/videos/:folder/:file',
    async (request, reply) => {
      const { folder, file } = request.params;
      if (!/^[0-9a-f]{32}$/.test(folder) || !/^(index\.m3u8|segment-\d{5}\.ts)$/.test(file)) {
        throw notFound();
      }
      const contentType = hlsContentType(file) as string;
      return sendStored(request, reply, `subidas/videos/${folder}/${file}`, contentType);
    },
  );
};

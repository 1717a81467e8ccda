import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import { apiRoot } from '../../db/paths';
import { AppError } from '../../errors';

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
  app.setNotFoundHandler(() => {
    throw AppError.notFound('El archivo solicitado no existe.');
  });
};

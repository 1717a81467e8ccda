import path from 'node:path';
import { signedFileQuerySchema } from '@alcancia/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { contentDisposition } from '../../providers/storage/content-disposition';
import { fileKeyParamsSchema } from './file-key-param';
import { mediaDir } from './media-dir';
import { readCover } from './serve-cover';
import { readSignedVideo } from './serve-media';
import { readSignedFile, servedFileContentSecurityPolicy } from './serve-signed-file';

/** GET /api/files/* — the local storage driver's signed URLs. */
export const signedFilesModule: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/*',
    {
      schema: {
        tags: ['files'],
        summary: 'Archivo por URL firmada (almacenamiento local)',
        params: fileKeyParamsSchema,
        querystring: signedFileQuerySchema,
      },
    },
    async (request, reply) => {
      const { file, contentType, attachment } = await readSignedFile(
        app.fileStorage,
        request.params['*'],
        request.query,
      );
      return reply
        .header('content-security-policy', servedFileContentSecurityPolicy)
        .header('content-type', contentType)
        .header('content-length', file.size)
        .header(
          'content-disposition',
          contentDisposition(attachment ? 'attachment' : 'inline', request.query.name),
        )
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};

/**
 * /media/thumbnails/* as static files with a week of caching, and class videos only at their
 * signed addresses /media/s/{token}/… (decision 0102): the shipped demo videos (media/videos) and
 * the ones uploaded in the back office (the configured storage), MP4 with range requests for
 * seeking, HLS playlists and their parts; covers at /media/portadas/{hash}.{ext}. Materials under
 * media/files are deliberately not mounted: they are only read through signed URLs. Registered
 * under the /media prefix with its own 404, so a missing video is a 404 and not the SPA's index.html.
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

  app.get<{ Params: { token: string; '*': string } }>('/s/:token/*', async (request, reply) => {
    const video = await readSignedVideo(
      app,
      request.params.token,
      request.params['*'],
      request.headers.range,
    );
    reply
      .header('accept-ranges', 'bytes')
      .header('content-type', video.contentType)
      .header('cache-control', `private, max-age=${video.maxAge}`);
    if (!video.part) return reply.code(416).header('content-range', `bytes */${video.total}`).send();
    if (video.range)
      reply.code(206).header('content-range', `bytes ${video.range.start}-${video.range.end}/${video.total}`);
    return reply.header('content-length', video.part.size).send(video.part.body);
  });

  app.get<{ Params: { name: string } }>('/portadas/:name', async (request, reply) => {
    const { file, contentType } = await readCover(app.fileStorage, request.params.name);
    return reply
      .header('content-type', contentType)
      .header('content-length', file.size)
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .send(file.body);
  });

  app.setNotFoundHandler(() => {
    throw AppError.notFound('El archivo solicitado no existe.');
  });
};

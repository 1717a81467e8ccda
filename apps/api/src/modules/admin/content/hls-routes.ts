import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../../errors';
import { markNoChange, recordAudit } from '../core/audit';
import { hlsPackagingAvailable, playlistUrlOf, queueHlsPackaging, videoPackagingOf } from './hls-packaging';
import { uploadedVideoPrefix } from './upload-routes';

/** GET|POST /api/admin/videos/{videoName}/hls: the HLS packaging of an uploaded video (decision 78). */
export const videoPackagingParamsSchema = z.object({
  videoName: z.string().regex(/^[0-9a-f]{32}\.mp4$/, 'No es un video subido acá.'),
});

export const videoPackagingSchema = z
  .object({
    /** `unavailable`: no ffmpeg here (the MP4 is served); `none`: never queued */
    state: z.enum(['unavailable', 'none', 'queued', 'packaging', 'ready', 'failed']),
    /** the playlist's address once ready */
    playlistUrl: z.string().nullable(),
    /** `copy`: the MP4's own H.264/AAC streams; `transcode`: converted to them */
    method: z.enum(['copy', 'transcode']).nullable(),
    /** why the last try failed (ffmpeg's last lines) */
    error: z.string().nullable(),
  })
  .meta({ id: 'AdminVideoPackaging' });

export type VideoPackaging = z.infer<typeof videoPackagingSchema>;

async function packagingView(app: FastifyInstance, videoKey: string): Promise<VideoPackaging> {
  const row = await videoPackagingOf(app, videoKey);
  if (!row) {
    return {
      state: hlsPackagingAvailable(app) ? 'none' : 'unavailable',
      playlistUrl: null,
      method: null,
      error: null,
    };
  }
  return {
    state: row.status,
    playlistUrl: row.status === 'ready' && row.playlistKey ? playlistUrlOf(row.playlistKey) : null,
    method: row.method,
    error: row.error,
  };
}

const common = { tags: ['admin'], security: [{ bearerAuth: [] }] };
const config = { permission: 'content' as const };

export const videoPackagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const videoKeyOf = async (videoName: string) => {
    const key = `${uploadedVideoPrefix}${videoName}`;
    const head = await app.fileStorage.readRange(key, 0, 0);
    if (!head) throw AppError.notFound('No existe ese video.');
    head.body.destroy();
    return key;
  };

  app.get(
    '/videos/:videoName/hls',
    {
      schema: {
        ...common,
        summary: 'Estado del empaquetado HLS de un video subido',
        params: videoPackagingParamsSchema,
        response: { 200: videoPackagingSchema },
      },
      config,
    },
    async (request) => packagingView(app, await videoKeyOf(request.params.videoName)),
  );

  app.post(
    '/videos/:videoName/hls',
    {
      schema: {
        ...common,
        summary: 'Empaquetar como HLS un video subido (de nuevo si falló)',
        params: videoPackagingParamsSchema,
        response: { 202: videoPackagingSchema },
      },
      config,
    },
    async (request, reply) => {
      const videoKey = await videoKeyOf(request.params.videoName);
      if (!hlsPackagingAvailable(app)) {
        throw new AppError('CONFLICT', 409, 'Este servidor no tiene ffmpeg: el video se sirve como MP4.');
      }
      const before = await packagingView(app, videoKey);
      const queued = await queueHlsPackaging(app, videoKey, (tx) =>
        recordAudit(tx, request, {
          action: 'video.hls_queue',
          targetType: 'upload',
          targetId: videoKey,
          before,
          after: { ...before, state: 'queued', error: null },
        }),
      );
      // Already queued, being packaged or ready: nothing changed.
      if (!queued) markNoChange(request);
      const after = await packagingView(app, videoKey);
      return reply.code(202).send(after);
    },
  );
};

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type AdminUploadResult, adminUploadCapabilitiesSchema } from '@alcancia/contract/admin';
import type { DataStore } from '@tus/utils';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordAudit } from '../core/audit';
import { hlsPackagingAvailable, queueHlsPackaging } from './hls-packaging';
import { inOurErrorForm, refuse } from './upload-answers';
import { declaredKind, matchesKind, mp4DurationSeconds, type UploadKind, uploadTypes } from './upload-checks';
import { uploadLockerFor } from './upload-locker';

/** Where uploads live in the storage: videos are served at /media/subidas/videos/{name}. */
export const uploadedVideoPrefix = 'subidas/videos/';
export const uploadedMaterialPrefix = 'subidas/materiales/';
const uploadIdPattern = /^subidas\/(videos|materiales)\/[0-9a-f]{32}\.(mp4|pdf|xlsx)$/;
export const uploadsPath = '/api/admin/uploads';

/** The address a section stores for an upload: the public video route, or the material's file key. */
export function sectionUrlOf(key: string): string {
  return key.startsWith(uploadedVideoPrefix) ? `/media/${key}` : key;
}

const notAllowed = 'Subí un video MP4 o un material PDF o XLSX.';

/**
 * The tus store of the configured storage. Unfinished uploads expire after 2 days (tus
 * `expiration`): a PATCH or HEAD after that is answered 410, and the daily clean-up
 * (storage-cleanup.ts) deletes them with the store's own `deleteExpired`.
 */
export async function createDatastore(app: FastifyInstance): Promise<DataStore> {
  const { storage } = app.config;
  const expirationPeriodInMilliseconds = 2 * 24 * 60 * 60 * 1000;
  if (storage.driver === 's3' && storage.s3) {
    const { S3Store } = await import('@tus/s3-store');
    const { ERRORS } = await import('@tus/utils');
    const s3 = storage.s3;
    // The library's remove aborts the multipart upload first; once the upload has finished S3
    // answers NoSuchUpload and the library gives up before deleting the object, so a refused file
    // stayed in the bucket. The objects of the upload go anyway (deleting a missing key is no error).
    class FinishedUploadsS3Store extends S3Store {
      override async remove(id: string): Promise<void> {
        try {
          await super.remove(id);
        } catch (error) {
          if (error !== ERRORS.FILE_NOT_FOUND) throw error;
          await this.client.deleteObjects({
            Bucket: this.bucket,
            Delete: { Objects: [{ Key: id }, { Key: `${id}.info` }, { Key: `${id}.part` }] },
          });
        }
      }
    }
    return new FinishedUploadsS3Store({
      partSize: 8 * 1024 * 1024,
      expirationPeriodInMilliseconds,
      // Expiry tags only serve bucket lifecycle rules, which we do not use (the clean-up job lists
      // multipart uploads); left off, buckets without object tagging (R2 and others) work too.
      useTags: false,
      s3ClientConfig: {
        bucket: s3.bucket,
        region: s3.region,
        endpoint: s3.endpoint,
        forcePathStyle: s3.forcePathStyle,
        credentials:
          s3.accessKeyId && s3.secretAccessKey
            ? { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey }
            : undefined,
      },
    }) as unknown as DataStore;
  }
  const { FileStore, FileConfigstore } = await import('@tus/file-store');
  const { readdir, stat } = await import('node:fs/promises');
  const path = await import('node:path');
  // The library's configstore lists only the top folder (our uploads live in subidas/…), and its
  // deleteExpired takes every listed upload as unfinished (the .json keeps offset 0): list the
  // unfinished uploads of the upload folders only, so a finished file is never taken for one.
  class UnfinishedUploadsConfigstore extends FileConfigstore {
    override async list(): Promise<string[]> {
      const ids: string[] = [];
      for (const folder of [uploadedVideoPrefix, uploadedMaterialPrefix]) {
        const names = await readdir(path.join(storage.filesDir, folder)).catch(() => [] as string[]);
        for (const name of names.filter((n) => n.endsWith('.json'))) {
          const id = `${folder}${name.slice(0, -'.json'.length)}`;
          const [info, file] = await Promise.all([
            this.get(id).catch(() => undefined),
            stat(path.join(storage.filesDir, id)).catch(() => null),
          ]);
          if (info?.size !== undefined && file && file.size < info.size) ids.push(id);
        }
      }
      return ids;
    }
  }
  // The store's constructor creates its folder in a callback that throws on failure (an uncaught
  // error at start). FILES_DIR is the operator's folder: /api/ready reports it missing, and each
  // upload creates its own subfolder when it begins.
  // @ts-expect-error the method is private in the library's types; replacing it is the point
  class OperatorFolderFileStore extends FileStore {
    override checkOrCreateDirectory(): void {}
  }
  return new OperatorFolderFileStore({
    directory: storage.filesDir,
    configstore: new UnfinishedUploadsConfigstore(storage.filesDir),
    expirationPeriodInMilliseconds,
  }) as unknown as DataStore;
}

/**
 * Writes tus's answer on the hijacked response. Its answers are small (empty, or a JSON result or
 * error), so the body is read whole and handed to `end`. srvx's `sendNodeResponse` is not used: it
 * awaits `res.end(callback)`, which `app.inject`'s light-my-request 6.6 (the last with cookie 1,
 * decision 0235) takes for a chunk and throws on, so an answer with no body never finished.
 */
async function sendAnswer(res: ServerResponse, answer: Response): Promise<void> {
  const body = answer.body ? Buffer.from(await answer.arrayBuffer()) : undefined;
  const headers: string[] = [];
  answer.headers.forEach((value, name) => {
    headers.push(name, value);
  });
  res.writeHead(answer.status, headers);
  res.end(body);
}

/**
 * Resumable uploads of the editor's videos (MP4) and materials (PDF, XLSX) with the tus protocol
 * (@tus/server): into FILES_DIR with the file store, into the bucket with the S3 store (S3
 * multipart). A client that loses the connection asks where the upload stands (HEAD) and goes on
 * from there (PATCH). The declared name and type pick the kind and its size limit when the upload
 * is created; when the last byte arrives the server reads the file itself — magic bytes, and an
 * MP4's duration from its movie header — and refuses (deleting it) what is not what it claims.
 * The operator guard of the admin scope applies to every request (permission `content`).
 */
export const adminUploadRoutes: FastifyPluginAsyncZod = async (app) => {
  const { Server } = await import('@tus/server');
  const { NodeRequest } = await import('srvx/node');
  const datastore = await createDatastore(app);
  const requests = new WeakMap<IncomingMessage, FastifyRequest>();
  const fastifyRequestOf = (req: { runtime?: { node?: { req?: IncomingMessage } } }) => {
    const raw = req.runtime?.node?.req;
    return raw ? requests.get(raw) : undefined;
  };
  const maxBytes = Math.max(...Object.values(uploadTypes).map((t) => t.maxBytes));

  // A refused file goes at once (the file store deletes the file and its .json, the S3 store the object).
  const removeUpload = async (id: string) => {
    await datastore
      .remove(id)
      .catch((error: unknown) => app.log.warn({ err: error, id }, 'upload not removed'));
  };

  const tus = new Server({
    path: uploadsPath,
    datastore,
    // One upload, one writer across every API process (decision 85); the default only knows its own.
    locker: uploadLockerFor(app),
    maxSize: maxBytes,
    relativeLocation: true,
    respectForwardedHeaders: false,
    namingFunction: (_req, metadata) => {
      const kind = declaredKind(metadata?.filename ?? '', metadata?.filetype ?? undefined);
      if (!kind) throw refuse(415, 'UNSUPPORTED_FILE_TYPE', notAllowed);
      const folder = kind === 'video' ? uploadedVideoPrefix : uploadedMaterialPrefix;
      return `${folder}${randomBytes(16).toString('hex')}.${uploadTypes[kind].extension}`;
    },
    generateUrl: (_req, { path: base, id }) => `${base}/${Buffer.from(id, 'utf8').toString('base64url')}`,
    getFileIdFromRequest: (_req, lastPath) => {
      if (!lastPath) return undefined;
      const id = Buffer.from(lastPath, 'base64url').toString('utf8');
      return uploadIdPattern.test(id) ? id : undefined;
    },
    onUploadCreate: async (_req, upload) => {
      const filename = upload.metadata?.filename ?? '';
      const kind = declaredKind(filename, upload.metadata?.filetype ?? undefined);
      if (!kind) throw refuse(415, 'UNSUPPORTED_FILE_TYPE', notAllowed);
      if (upload.size === undefined) throw refuse(400, 'INVALID_DATA', 'Falta el tamaño del archivo.');
      if (upload.size > uploadTypes[kind].maxBytes) {
        const limit = Math.round(uploadTypes[kind].maxBytes / 1024 ** 2);
        throw refuse(413, 'FILE_TOO_LARGE', `El archivo supera el máximo de ${limit} MB.`);
      }
      return {};
    },
    onUploadFinish: async (req, upload) => {
      const key = upload.id;
      const kind = declaredKind(key, undefined) as UploadKind;
      const size = upload.size ?? upload.offset;
      const read = async (offset: number, length: number) => {
        const part = await app.fileStorage.readRange(key, offset, offset + length - 1);
        if (!part) return Buffer.alloc(0);
        const chunks: Buffer[] = [];
        for await (const chunk of part.body) chunks.push(Buffer.from(chunk as Uint8Array));
        return Buffer.concat(chunks);
      };
      const type = uploadTypes[kind];
      const names = { video: 'un video MP4', pdf: 'un PDF', xlsx: 'una planilla XLSX' } as const;
      if (!(await matchesKind(kind, size, read))) {
        await removeUpload(key);
        throw refuse(415, 'UNSUPPORTED_FILE_TYPE', `El archivo no es ${names[kind]} válido.`);
      }
      const duration = kind === 'video' ? await mp4DurationSeconds(size, read) : 0;
      if (duration === null || (kind === 'video' && duration <= 0)) {
        await removeUpload(key);
        throw refuse(
          415,
          'UNSUPPORTED_FILE_TYPE',
          'No pudimos leer la duración del video: ¿es un MP4 completo?',
        );
      }
      const result: AdminUploadResult = {
        key,
        kind,
        sectionUrl: sectionUrlOf(key),
        mimeType: type.mimeType,
        fileExtension: type.extension,
        duration,
        size,
        name: upload.metadata?.filename ?? key,
      };
      const request = fastifyRequestOf(req as never);
      if (request) {
        await recordAudit(app.db, request, {
          action: 'upload.finish',
          targetType: 'upload',
          targetId: key,
          after: result,
        });
      }
      // Where ffmpeg runs, the video is also packaged as HLS in the background (decision 78).
      if (kind === 'video') {
        await queueHlsPackaging(app, key).catch((error: unknown) =>
          app.log.warn({ err: error, key }, 'HLS packaging not queued'),
        );
      }
      return {
        status_code: 200,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(result),
      };
    },
  });

  // The tus requests carry the raw bytes: no parser reads them, @tus/server does.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    requests.set(request.raw, request);
    // The audit entry is written when an upload finishes (onUploadFinish); the other requests
    // (create, resume, ask the offset) change no content.
    request.auditDone = true;
    reply.hijack();
    // what tus.handle does, with its errors put in the API's form on the way out
    const answer = await tus.handleWeb(new NodeRequest({ req: request.raw, res: reply.raw }));
    await sendAnswer(reply.raw, await inOurErrorForm(answer, request.log));
  };
  const tusSchema = (summary: string) => ({
    tags: ['admin'],
    summary,
    security: [{ bearerAuth: [] }],
  });
  const config = { permission: 'content' as const };

  app.get(
    '/uploads/capabilities',
    {
      schema: {
        ...tusSchema('Qué se puede subir (tipos, tamaños) y si hay empaquetado HLS'),
        response: { 200: adminUploadCapabilitiesSchema },
      },
      config,
    },
    async () => ({
      types: Object.entries(uploadTypes).map(([kind, t]) => ({
        kind: kind as UploadKind,
        extension: t.extension,
        mimeType: t.mimeType,
        maxBytes: t.maxBytes,
      })),
      hls: hlsPackagingAvailable(app),
      resumable: 'tus' as const,
    }),
  );
  app.post(
    '/uploads',
    { schema: tusSchema('Empezar una subida reanudable (tus: creation)'), config },
    handle,
  );
  app.route({
    method: ['PATCH', 'DELETE'],
    url: '/uploads/:uploadId',
    schema: tusSchema('Subida reanudable (tus): PATCH seguir desde Upload-Offset, DELETE cancelar'),
    config,
    handler: handle,
  });
  // HEAD (where an upload stands) passes the same guard; it is left out of the OpenAPI document
  // because a HEAD answer has no body for the authorization matrix to read its 403 from.
  app.route({
    method: 'HEAD',
    url: '/uploads/:uploadId',
    schema: { ...tusSchema('Subida reanudable (tus): dónde quedó'), hide: true },
    config,
    handler: handle,
  });
};

import { fileUrlResponseSchema } from '@alcancia/contract';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { courseSections, courses } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { safeFileName } from '../../providers/storage/content-disposition';
import { extensionOf, isValidFileKey, materialContentType } from '../../providers/storage/file-keys';
import { fileKeyFromPath, fileKeyParamsSchema } from '../files/file-key-param';
import { isAccessible, loadViewer, type Viewer } from './viewer';

/** Spec: the URL of a material is short-lived. */
export const fileUrlTtlSeconds = 300;

const materialNotFound = () => AppError.notFound('No encontramos ese material.');

/**
 * The materials that use a key. One file may be shared by sections of several courses; the caller
 * may read it when she may open any of them.
 */
async function findMaterialUses(db: Database, key: string) {
  return db
    .select({
      sectionName: courseSections.name,
      mimeType: courseSections.mimeType,
      courseId: courses.id,
      kind: courses.kind,
      isFree: courses.isFree,
    })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(
      and(
        eq(courseSections.sectionUrl, key),
        eq(courseSections.type, 'DOWNLOADABLE_MATERIAL'),
        eq(courses.published, true),
      ),
    )
    .orderBy(asc(courses.sortOrder), asc(courses.id), asc(courseSections.order));
}

type MaterialUse = Awaited<ReturnType<typeof findMaterialUses>>[number];

/** Same codes as the course endpoints, so the web sends her to the same place. */
function refuse(uses: MaterialUse[]): AppError {
  if (uses.some((u) => u.kind === 'COURSE' || u.kind === 'EVENT')) {
    return new AppError('SUBSCRIPTION_REQUIRED', 403, 'Este contenido es para suscriptoras.');
  }
  return new AppError('PURCHASE_REQUIRED', 403, 'Este programa es para quienes lo compraron.');
}

function pickReadable(uses: MaterialUse[], viewer: Viewer): MaterialUse {
  if (uses.length === 0) throw materialNotFound();
  const readable = uses.find((u) => isAccessible({ id: u.courseId, kind: u.kind, isFree: u.isFree }, viewer));
  if (!readable) throw refuse(uses);
  return readable;
}

/** GET /academy/file-url/{fileKey} — a 5-minute URL of a PDF or XLSX the caller may read. */
export const getFileUrlRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/file-url/*',
    {
      schema: {
        tags: ['academy'],
        summary: 'URL temporal de un material descargable (PDF o XLSX)',
        security: [{ bearerAuth: [] }],
        params: fileKeyParamsSchema,
        response: { 200: fileUrlResponseSchema },
      },
    },
    async (request) => {
      const userId = requireUserId(request);
      const key = fileKeyFromPath(request.params['*']);
      if (!isValidFileKey(key)) throw materialNotFound();
      const [uses, viewer] = await Promise.all([findMaterialUses(app.db, key), loadViewer(app.db, userId)]);
      const material = pickReadable(uses, viewer);

      const contentType = materialContentType(key);
      if (!contentType || (material.mimeType && material.mimeType !== contentType)) {
        throw new AppError('FILE_TYPE_NOT_ALLOWED', 400, 'Solo se pueden descargar archivos PDF o XLSX.');
      }
      const filename = `${safeFileName(material.sectionName, 'Material')}.${extensionOf(key)}`;
      const expiresAt = new Date(Date.now() + fileUrlTtlSeconds * 1000);
      const signed = (disposition: 'inline' | 'attachment') =>
        app.fileStorage.signedUrl(key, { filename, contentType, disposition, ttlSeconds: fileUrlTtlSeconds });
      const [url, downloadUrl] = await Promise.all([signed('inline'), signed('attachment')]);
      return { url, downloadUrl, expiresAt: expiresAt.toISOString() };
    },
  );
};

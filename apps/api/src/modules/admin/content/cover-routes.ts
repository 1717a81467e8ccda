import { createHash } from 'node:crypto';
import {
  type AdminCourse,
  adminCourseIdParamsSchema,
  adminCourseSchema,
  adminCoverRequestSchema,
  coverTooLarge,
  coverWrongType,
  maxCoverBytes,
} from '@alcancia/contract/admin';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../../errors';
import { markNoChange, recordAudit } from '../core/audit';
import {
  forgetLearnersProgress,
  loadAdminCourse,
  readCourseDocument,
  writeCourseDocument,
} from './course-documents';
import { contentRoute } from './course-edit-helpers';
import { coverPrefix, lockCover, removeUnusedCover } from './cover-cleanup';

export { coverNamePattern, coverPrefix } from './cover-cleanup';

/** The image type of a cover from its first bytes (never from a declared name), or null. */
export function coverTypeOf(bytes: Buffer): { extension: 'jpg' | 'png' | 'webp'; mimeType: string } | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) {
    return { extension: 'jpg', mimeType: 'image/jpeg' };
  }
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return { extension: 'png', mimeType: 'image/png' };
  }
  if (
    bytes.subarray(0, 4).toString('latin1') === 'RIFF' &&
    bytes.subarray(8, 12).toString('latin1') === 'WEBP'
  ) {
    return { extension: 'webp', mimeType: 'image/webp' };
  }
  return null;
}

/**
 * A content's cover, uploaded from the editor (issue 29, decision 0118): a JPEG, PNG or WebP image
 * of at most 2 MB, stored through the configured storage under a name made of its hash (a new
 * image, a new address), and the content's `thumbnail` pointed at it, audited as `course.cover`.
 * Once that commits, the cover it replaced is deleted unless another content shows it too
 * (cover-cleanup.ts, decision 0185).
 */
export const courseCoverRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/courses/:id/cover',
    {
      ...contentRoute({
        summary: 'Subir la portada de un contenido (JPEG, PNG o WebP de hasta 2 MB)',
        params: adminCourseIdParamsSchema,
        body: adminCoverRequestSchema,
        response: { 200: adminCourseSchema },
      }),
      // the image in base64 (4/3 of its bytes), with room for a too-large one to be named as such
      bodyLimit: maxCoverBytes * 2,
    },
    async (request) => {
      const { id } = request.params;
      const bytes = Buffer.from(request.body.image, 'base64');
      if (bytes.length > maxCoverBytes) {
        throw AppError.invalidData([{ path: 'image', message: coverTooLarge }], coverTooLarge);
      }
      const type = coverTypeOf(bytes);
      if (!type) throw AppError.invalidData([{ path: 'image', message: coverWrongType }], coverWrongType);
      // the content exists (404 otherwise) before anything is stored
      await readCourseDocument(app.db, id);
      const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${type.extension}`;
      const key = `${coverPrefix}${name}`;
      const address = `/media/${key}`;
      // The edit of editCourse (course-documents.ts), with the cover's lock held from writing the
      // file until the address is committed, and the cover it replaces known.
      let replaced: string | null | undefined;
      let course: AdminCourse;
      try {
        course = await app.db.transaction(async (tx) => {
          await tx.execute(sql`select 1 from courses where id = ${id} for update`);
          await lockCover(tx, key);
          await app.fileStorage.write(key, bytes, type.mimeType);
          const before = await readCourseDocument(tx, id);
          if (before.thumbnail === address) {
            markNoChange(request);
            return loadAdminCourse(tx, id);
          }
          replaced = before.thumbnail;
          await writeCourseDocument(tx, { ...structuredClone(before), thumbnail: address });
          await recordAudit(tx, request, {
            action: 'course.cover',
            targetType: 'course',
            targetId: id,
            before,
            after: await readCourseDocument(tx, id),
          });
          return loadAdminCourse(tx, id);
        });
      } catch (error) {
        // nothing points at the image just written (unless another content already did)
        await removeUnusedCover(app, address);
        throw error;
      }
      forgetLearnersProgress(app.db);
      // the cover it replaced leaves the storage, unless another content shows it too (decision 0185)
      await removeUnusedCover(app, replaced);
      return course;
    },
  );
};

import type { AdminCourse, AdminCourseFields } from '@alcancia/contract/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors';
import { applyFields, editCourse } from './course-documents';
import { coverKeyOf, lockCover, removeUnusedCover } from './cover-cleanup';

/** The document's fields that hold a cover's address. */
const coverFields = ['thumbnail', 'thumbnailAlternative'] as const;

export const coverNotStored = 'Esa portada ya no está guardada: subí la imagen de nuevo.';

/**
 * `PATCH /api/admin/courses/{id}`: the editor's fields of a content. When the edit replaces or
 * clears a cover the app stored (`/media/portadas/{hash}.{ext}`), the old file leaves the storage
 * once the edit commits, unless another content still shows it — the rule of the cover upload
 * (decision 0185), on this path too. Any other address (a demo or catalogue image) is never
 * deleted.
 *
 * An edit that points a cover at a stored cover (another content's) holds that cover's lock
 * until it commits and checks the file is there, so it cannot point at a file a removal is
 * deleting at the same moment (the removal checks references under the same lock).
 */
export async function updateCourse(
  app: FastifyInstance,
  request: FastifyRequest,
  id: string,
  fields: Partial<AdminCourseFields>,
): Promise<AdminCourse> {
  const replaced: string[] = [];
  const course = await editCourse(
    app.db,
    request,
    id,
    'course.update',
    (document) => applyFields(document, fields),
    undefined,
    async (tx, before, after) => {
      for (const field of coverFields) {
        const old = before[field] ?? null;
        const next = after[field] ?? null;
        if (old === next) continue;
        if (old) replaced.push(old);
        const key = coverKeyOf(next);
        if (!key) continue;
        await lockCover(tx, key);
        const file = await app.fileStorage.readRange(key, 0, 0);
        if (!file) throw AppError.invalidData([{ path: field, message: coverNotStored }], coverNotStored);
        file.body.destroy();
      }
    },
  );
  for (const address of replaced) await removeUnusedCover(app, address);
  return course;
}

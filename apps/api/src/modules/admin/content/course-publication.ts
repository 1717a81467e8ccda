import type { AdminCourse } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { courses } from '../../../db/schema';
import { AppError } from '../../../errors';
import { announceContentChange } from '../../academy/content-cache';
import { recordAudit } from '../core/audit';
import { loadAdminCourse } from './course-documents';
import { lockCourse, unchangedCourse } from './course-edit-helpers';
import { checkPublishable } from './publication-checklist';

/**
 * POST /admin/courses/{id}/publish and /unpublish: at once (a schedule is dropped). Publishing is
 * refused while the content lacks a cover, a category, a level, a module or a class with its video or
 * material (a pack: a content) (publication-checklist.ts).
 */
export async function setPublished(
  db: Database,
  request: FastifyRequest,
  id: string,
  action: 'publish' | 'unpublish',
): Promise<AdminCourse> {
  return db.transaction(async (tx) => {
    const before = await lockCourse(tx, id);
    const published = action === 'publish';
    if (before.published === published && before.publishAt === null) {
      return unchangedCourse(tx, request, id);
    }
    if (published) await checkPublishable(tx, before);
    await tx
      .update(courses)
      .set({ published, publishAt: null, updatedAt: sql`now()` })
      .where(eq(courses.id, id));
    await announceContentChange(tx);
    await recordAudit(tx, request, {
      action: `course.${action}`,
      targetType: 'course',
      targetId: id,
      before: { published: before.published, publishAt: before.publishAt },
      after: { published, publishAt: null },
    });
    return loadAdminCourse(tx, id);
  });
}

/**
 * PUT /admin/courses/{id}/schedule: its publication at a future moment (the content.publish job,
 * publish-scheduled.ts), or no schedule (`publishAt` null). The same checklist as publishing.
 */
export async function scheduleCourse(
  db: Database,
  request: FastifyRequest,
  id: string,
  at: string | null | undefined,
): Promise<AdminCourse> {
  return db.transaction(async (tx) => {
    const before = await lockCourse(tx, id);
    const publishAt = at ? new Date(at) : null;
    if (publishAt && before.published) {
      throw new AppError('ALREADY_PUBLISHED', 409, 'El contenido ya está publicado.');
    }
    if (publishAt && publishAt.getTime() <= Date.now()) {
      throw AppError.invalidData(
        [{ path: 'publishAt', message: 'Elegí una fecha y hora futuras.' }],
        'Elegí una fecha y hora futuras.',
      );
    }
    if ((before.publishAt?.getTime() ?? null) === (publishAt?.getTime() ?? null)) {
      return unchangedCourse(tx, request, id);
    }
    if (publishAt) await checkPublishable(tx, before);
    await tx.update(courses).set({ publishAt }).where(eq(courses.id, id));
    await recordAudit(tx, request, {
      action: 'course.schedule',
      targetType: 'course',
      targetId: id,
      before: { publishAt: before.publishAt },
      after: { publishAt },
    });
    return loadAdminCourse(tx, id);
  });
}

import type { AdminCourse, CreateAdminCourseRequest } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { courses } from '../../../db/schema';
import { AppError } from '../../../errors';
import type { ContentCourseDocument } from '../../academy/export-content';
import { recordAudit } from '../core/audit';
import { applyFields, loadAdminCourse, writeCourseDocument } from './course-documents';

/** POST /admin/courses: a new content, unpublished, last in the catalogue's order, audited. */
export async function createCourse(
  db: Database,
  request: FastifyRequest,
  { id, kind, ...fields }: CreateAdminCourseRequest,
): Promise<AdminCourse> {
  return db.transaction(async (tx) => {
    const [taken] = await tx.select({ id: courses.id }).from(courses).where(eq(courses.id, id));
    if (taken) {
      throw AppError.invalidData(
        [{ path: 'id', message: 'Ya existe un contenido con ese identificador.' }],
        'Ya existe un contenido con ese identificador.',
      );
    }
    const [last] = await tx
      .select({ max: sql<number>`coalesce(max(${courses.sortOrder}), -1)::int` })
      .from(courses);
    const blank: ContentCourseDocument = {
      id,
      kind,
      name: fields.name,
      description: '',
      longDescription: '',
      tags: [],
      isFree: false,
      audience: 'ALL',
      maxInstallments: 1,
      checkoutProvider: 'MP',
      sortOrder: (last?.max ?? -1) + 1,
      // new content waits for its publication
      published: false,
      modules: [],
      faqs: [],
      items: [],
    };
    const document = applyFields(blank, fields);
    await writeCourseDocument(tx, document);
    const after = await loadAdminCourse(tx, id);
    await recordAudit(tx, request, {
      action: 'course.create',
      targetType: 'course',
      targetId: id,
      after: document,
    });
    return after;
  });
}

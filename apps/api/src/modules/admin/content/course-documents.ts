import { randomBytes } from 'node:crypto';
import type { AdminCourse, AdminCourseFields, AdminCourseSummary } from '@alcancia/contract/admin';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { courseSections, courses } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { AppError } from '../../../errors';
import { ContentFileError, contentFormatVersion } from '../../academy/content-file';
import { type ContentCourseDocument, exportCourses } from '../../academy/export-content';
import { importContent } from '../../academy/import-content';
import { progressChanged, progressChangedNotice } from '../../academy/progress-cache';
import { recordAudit } from '../core/audit';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The back office edits a course as the content file describes it: it reads the course as a
 * document (export-content.ts), changes it and writes it back through the content import, in the
 * operator's transaction. So an edit obeys exactly the import's rules (Spanish messages naming the
 * field), keeps the module and class counts, deletes only the modules and sections the document
 * no longer lists (a learner's progress in her other sections stays) and announces the change to
 * every API process (alcancia_content_changed) when it commits.
 */
export async function readCourseDocument(db: Db, id: string): Promise<ContentCourseDocument> {
  const [document] = await exportCourses(db, [id]);
  if (!document) throw AppError.notFound('No existe ese contenido.');
  return document;
}

/** A fresh id for a module or section: unique across the catalogue (ids are primary keys). */
export const newContentId = (prefix: string) => `${prefix}-${randomBytes(4).toString('hex')}`;

/** `courses[0].modules[1].name` → `modules[1].name`: the web shows the field of the course it edits. */
const fieldPath = (path: string) => path.replace(/^courses\[0\]\.?/, '') || 'course';

/** Writes the document (the course's whole row, structure, FAQs and pack items) or answers 400. */
export async function writeCourseDocument(tx: Tx, document: ContentCourseDocument): Promise<void> {
  try {
    await importContent(tx, { formatVersion: contentFormatVersion, courses: [document] });
  } catch (error) {
    if (error instanceof ContentFileError) {
      throw AppError.invalidData(
        error.problems.map((p) => ({ path: fieldPath(p.path), message: p.message })),
        error.problems[0]?.message ?? 'Los datos no son válidos.',
      );
    }
    throw error;
  }
  // Progress rows follow the structure: a moved section's module, and the count of completed
  // sections per learner (a removed section no longer counts). Learners' cached progress answers
  // are dropped in every process.
  await tx.execute(sql`
    update section_progress sp set module_id = s.module_id
    from course_sections s
    where s.id = sp.section_id and s.course_id = ${document.id} and sp.module_id <> s.module_id`);
  await tx.execute(sql`
    update course_progress cp set completed_sections = counted.n
    from (select cp2.user_id, count(sp.section_id)::int as n
          from course_progress cp2
          left join section_progress sp
            on sp.user_id = cp2.user_id and sp.course_id = cp2.course_id and sp.complete_fraction >= 1
          where cp2.course_id = ${document.id}
          group by cp2.user_id) counted
    where cp.course_id = ${document.id} and cp.user_id = counted.user_id
      and cp.completed_sections <> counted.n`);
  await tx.execute(progressChangedNotice(['*']));
}

/** Called after the transaction committed: this process forgets progress answers at once too. */
export function forgetLearnersProgress(db: Database): void {
  progressChanged(db, '*');
}

/** A course's row as the back office's list shows it. */
export function toAdminCourseSummary(row: typeof courses.$inferSelect): AdminCourseSummary {
  return {
    id: row.id,
    kind: row.kind,
    name: row.name,
    published: row.published,
    publishAt: row.publishAt?.toISOString() ?? null,
    modulesAmount: row.modulesAmount,
    classesAmount: row.classesAmount,
    sortOrder: row.sortOrder,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The course as the back office shows it. */
export async function loadAdminCourse(db: Db, id: string): Promise<AdminCourse> {
  const document = await readCourseDocument(db, id);
  const [row] = await db.select().from(courses).where(eq(courses.id, id));
  if (!row) throw AppError.notFound('No existe ese contenido.');
  const captioned = new Set(
    (
      await db
        .select({ id: courseSections.id })
        .from(courseSections)
        .where(and(eq(courseSections.courseId, id), isNotNull(courseSections.captionsHash)))
    ).map((r) => r.id),
  );
  return {
    ...toAdminCourseSummary(row),
    description: document.description,
    longDescription: document.longDescription,
    descriptionAlternative: document.descriptionAlternative ?? null,
    thumbnail: document.thumbnail ?? null,
    thumbnailAlternative: document.thumbnailAlternative ?? null,
    category: document.category ?? null,
    level: document.level ?? null,
    tags: document.tags,
    isFree: document.isFree,
    audience: document.audience as AdminCourse['audience'],
    price: document.price ?? null,
    regularPrice: document.regularPrice ?? null,
    maxInstallments: document.maxInstallments,
    saleableStartDate: document.saleableStartDate ?? null,
    saleableEndDate: document.saleableEndDate ?? null,
    declinedPaymentFormUrl: document.declinedPaymentFormUrl ?? null,
    checkoutProvider: document.checkoutProvider as AdminCourse['checkoutProvider'],
    eventSeries: (document.eventSeries ?? null) as AdminCourse['eventSeries'],
    faqs: document.faqs,
    items: document.items,
    modules: document.modules.map((m) => ({
      id: m.id,
      name: m.name,
      order: m.order,
      sections: m.sections.map((s) => ({
        id: s.id,
        name: s.name,
        order: s.order,
        type: s.type as AdminCourse['modules'][number]['sections'][number]['type'],
        duration: s.duration,
        sectionUrl: s.sectionUrl ?? null,
        mimeType: s.mimeType ?? null,
        fileExtension: s.fileExtension ?? null,
        hasCaptions: captioned.has(s.id),
      })),
    })),
  };
}

/** Applies edited fields (null clears an optional one) to the document. */
export function applyFields(
  document: ContentCourseDocument,
  fields: Partial<AdminCourseFields>,
): ContentCourseDocument {
  const next: Record<string, unknown> = { ...document };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as unknown as ContentCourseDocument;
}

/**
 * One change of the editor: read the course, change its document, write it back, record the
 * audit entry with the document before and after. A change that leaves the document as it was
 * writes nothing (a replayed click). `beforeWrite`, when given, runs in the same transaction
 * with both documents once the change is known to change something (it may refuse it by
 * throwing).
 */
export async function editCourse(
  db: Database,
  request: FastifyRequest,
  id: string,
  action: string,
  change: (document: ContentCourseDocument) => ContentCourseDocument,
  target: { type: string; id: string } = { type: 'course', id },
  beforeWrite?: (tx: Tx, before: ContentCourseDocument, after: ContentCourseDocument) => Promise<void>,
): Promise<AdminCourse> {
  const course = await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from courses where id = ${id} for update`);
    const before = await readCourseDocument(tx, id);
    const after = change(structuredClone(before));
    if (JSON.stringify(after) === JSON.stringify(before)) {
      request.auditDone = true;
      return loadAdminCourse(tx, id);
    }
    await beforeWrite?.(tx, before, after);
    await writeCourseDocument(tx, after);
    await recordAudit(tx, request, {
      action,
      targetType: target.type,
      targetId: target.id,
      before,
      after: await readCourseDocument(tx, id),
    });
    return loadAdminCourse(tx, id);
  });
  forgetLearnersProgress(db);
  return course;
}

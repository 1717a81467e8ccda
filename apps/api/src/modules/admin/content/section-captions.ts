import { createHash } from 'node:crypto';
import { type AdminCourse, maxCaptionsBytes } from '@alcancia/contract/admin';
import { and, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { courseSections } from '../../../db/schema';
import { AppError } from '../../../errors';
import { announceContentChange } from '../../academy/content-cache';
import { recordAudit } from '../core/audit';
import { loadAdminCourse } from './course-documents';

/** A WebVTT file starts with "WEBVTT" (after an optional BOM), alone or followed by a space or tab. */
export const isWebVtt = (text: string) => /^\uFEFF?WEBVTT(?:[ \t][^\n]*)?(?:\r?\n|\r|$)/.test(text);

/** The first 16 hex digits of the captions' SHA-256: part of their address, so a new file is a new address. */
export const captionsHashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/** The class `sectionId` of content `courseId` (404 when it is not there; 400 when it is no class). */
async function classOf(db: Database, courseId: string, sectionId: string) {
  const [section] = await db
    .select({ type: courseSections.type, captionsHash: courseSections.captionsHash })
    .from(courseSections)
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.courseId, courseId)));
  if (!section) throw AppError.notFound('No existe esa sección en este contenido.');
  if (section.type !== 'CLASS') {
    throw AppError.invalidData(
      [{ path: 'vtt', message: 'Solo las clases llevan subtítulos.' }],
      'Solo las clases llevan subtítulos.',
    );
  }
  return section;
}

/** PUT /admin/courses/{id}/sections/{sectionId}/captions: a class's WebVTT captions, put or replaced. */
export async function putCaptions(
  db: Database,
  request: FastifyRequest,
  id: string,
  sectionId: string,
  vtt: string,
): Promise<AdminCourse> {
  if (!isWebVtt(vtt)) {
    const message = 'El archivo no es WebVTT: tiene que empezar con «WEBVTT».';
    throw AppError.invalidData([{ path: 'vtt', message }], message);
  }
  if (Buffer.byteLength(vtt) > maxCaptionsBytes) {
    const message = 'El archivo de subtítulos supera los 500 KB.';
    throw AppError.invalidData([{ path: 'vtt', message }], message);
  }
  const before = await classOf(db, id, sectionId);
  const hash = captionsHashOf(vtt);
  return db.transaction(async (tx) => {
    if (before.captionsHash !== hash) {
      await tx
        .update(courseSections)
        .set({ captionsVtt: vtt, captionsHash: hash })
        .where(eq(courseSections.id, sectionId));
      await announceContentChange(tx);
    }
    await recordAudit(tx, request, {
      action: 'section.captions',
      targetType: 'section',
      targetId: sectionId,
      before: { captionsHash: before.captionsHash },
      after: { captionsHash: hash },
    });
    return loadAdminCourse(tx, id);
  });
}

/** DELETE /admin/courses/{id}/sections/{sectionId}/captions: the class goes back to no captions. */
export async function removeCaptions(
  db: Database,
  request: FastifyRequest,
  id: string,
  sectionId: string,
): Promise<AdminCourse> {
  const before = await classOf(db, id, sectionId);
  return db.transaction(async (tx) => {
    await tx
      .update(courseSections)
      .set({ captionsVtt: null, captionsHash: null })
      .where(eq(courseSections.id, sectionId));
    await announceContentChange(tx);
    await recordAudit(tx, request, {
      action: 'section.captions.delete',
      targetType: 'section',
      targetId: sectionId,
      before: { captionsHash: before.captionsHash },
      after: { captionsHash: null },
    });
    return loadAdminCourse(tx, id);
  });
}

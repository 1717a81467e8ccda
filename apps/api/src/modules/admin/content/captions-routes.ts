import { createHash } from 'node:crypto';
import {
  adminCaptionsRequestSchema,
  adminCourseSchema,
  adminSectionParamsSchema,
  maxCaptionsBytes,
} from '@alcancia/contract/admin';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courseSections } from '../../../db/schema';
import { AppError } from '../../../errors';
import { announceContentChange } from '../../academy/content-cache';
import { recordAudit } from '../core/audit';
import { loadAdminCourse } from './course-documents';
import { contentRoute } from './course-edit-helpers';

/** A WebVTT file starts with "WEBVTT" (after an optional BOM), alone or followed by a space or tab. */
export const isWebVtt = (text: string) => /^\uFEFF?WEBVTT(?:[ \t][^\n]*)?(?:\r?\n|\r|$)/.test(text);

/** The first 16 hex digits of the captions' SHA-256: part of their address, so a new file is a new address. */
export const captionsHashOf = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 16);

/**
 * A class's Spanish WebVTT captions, uploaded from the content editor (issue 30, decision 0157):
 * put (replace) or remove. Kept in the section's row, served at a signed address like the video's.
 */
export const courseCaptionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const classOf = async (courseId: string, sectionId: string) => {
    const [section] = await app.db
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
  };

  app.put(
    '/courses/:id/sections/:sectionId/captions',
    {
      ...contentRoute({
        summary: 'Subir los subtítulos (WebVTT en español) de una clase',
        params: adminSectionParamsSchema,
        body: adminCaptionsRequestSchema,
        response: { 200: adminCourseSchema },
      }),
      // the file and its JSON quoting
      bodyLimit: maxCaptionsBytes * 2,
    },
    async (request) => {
      const { id, sectionId } = request.params;
      const { vtt } = request.body;
      if (!isWebVtt(vtt)) {
        const message = 'El archivo no es WebVTT: tiene que empezar con «WEBVTT».';
        throw AppError.invalidData([{ path: 'vtt', message }], message);
      }
      if (Buffer.byteLength(vtt) > maxCaptionsBytes) {
        const message = 'El archivo de subtítulos supera los 500 KB.';
        throw AppError.invalidData([{ path: 'vtt', message }], message);
      }
      const before = await classOf(id, sectionId);
      const hash = captionsHashOf(vtt);
      return app.db.transaction(async (tx) => {
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
    },
  );

  app.delete(
    '/courses/:id/sections/:sectionId/captions',
    contentRoute({
      summary: 'Quitar los subtítulos subidos de una clase',
      params: adminSectionParamsSchema,
      response: { 200: adminCourseSchema },
    }),
    async (request) => {
      const { id, sectionId } = request.params;
      const before = await classOf(id, sectionId);
      return app.db.transaction(async (tx) => {
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
    },
  );
};

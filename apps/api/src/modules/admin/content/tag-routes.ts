import {
  adminTagListSchema,
  adminTagSchema,
  createAdminTagRequestSchema,
  tagCodeOf,
} from '@alcancia/contract/admin';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contentTags } from '../../../db/schema';
import { AppError } from '../../../errors';
import { announceContentChange } from '../../academy/content-cache';
import { recordAudit } from '../core/audit';
import { contentRoute } from './course-edit-helpers';

/**
 * The catalogue's tags for the editor's tag picker (issue 29, decision 0119): the list, and a new
 * tag named in words (its code made from them). A content takes only tags of this list.
 */
export const contentTagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tags',
    contentRoute({ summary: 'Las etiquetas del catálogo', response: { 200: adminTagListSchema } }),
    async () => ({
      items: await app.db
        .select({ code: contentTags.code, label: contentTags.label })
        .from(contentTags)
        .orderBy(asc(contentTags.label)),
    }),
  );

  app.post(
    '/tags',
    contentRoute({
      summary: 'Crear una etiqueta (o devolver la que ya existe con ese nombre)',
      body: createAdminTagRequestSchema,
      response: { 200: adminTagSchema, 201: adminTagSchema },
    }),
    async (request, reply) => {
      const { label } = request.body;
      const code = tagCodeOf(label);
      if (!code) {
        const message = 'Usá letras o números en la etiqueta.';
        throw AppError.invalidData([{ path: 'label', message }], message);
      }
      const created = await app.db.transaction(async (tx) => {
        const [inserted] = await tx
          .insert(contentTags)
          .values({ code, label })
          .onConflictDoNothing()
          .returning({ code: contentTags.code, label: contentTags.label });
        if (!inserted) return null;
        await announceContentChange(tx);
        await recordAudit(tx, request, {
          action: 'tag.create',
          targetType: 'tag',
          targetId: code,
          after: inserted,
        });
        return inserted;
      });
      if (created) return reply.code(201).send(created);
      // the same words again: the tag already there
      request.auditDone = true;
      const [existing] = await app.db
        .select({ code: contentTags.code, label: contentTags.label })
        .from(contentTags)
        .where(eq(contentTags.code, code));
      return existing as { code: string; label: string };
    },
  );
};

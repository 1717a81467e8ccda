import { type AdminTag, tagCodeOf } from '@alcancia/contract/admin';
import { asc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../../../db/client';
import { contentTags } from '../../../db/schema';
import { AppError } from '../../../errors';
import { announceContentChange } from '../../academy/content-cache';
import { markNoChange, recordAudit } from '../core/audit';

/** GET /admin/tags: the catalogue's tags, by label. */
export async function listTags(db: Database): Promise<{ items: AdminTag[] }> {
  return {
    items: await db
      .select({ code: contentTags.code, label: contentTags.label })
      .from(contentTags)
      .orderBy(asc(contentTags.label)),
  };
}

/**
 * POST /admin/tags: a new tag named in words (its code made from them), audited; the same words
 * again give back the tag already there (`created: false`, nothing written).
 */
export async function createTag(
  db: Database,
  request: FastifyRequest,
  label: string,
): Promise<{ tag: AdminTag; created: boolean }> {
  const code = tagCodeOf(label);
  if (!code) {
    const message = 'Usá letras o números en la etiqueta.';
    throw AppError.invalidData([{ path: 'label', message }], message);
  }
  const created = await db.transaction(async (tx) => {
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
  if (created) return { tag: created, created: true };
  // the same words again: the tag already there
  markNoChange(request);
  const [existing] = await db
    .select({ code: contentTags.code, label: contentTags.label })
    .from(contentTags)
    .where(eq(contentTags.code, code));
  return { tag: existing as AdminTag, created: false };
}

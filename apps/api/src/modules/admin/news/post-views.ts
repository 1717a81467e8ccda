import type { AdminNewsPost } from '@alcancia/contract/admin';
import { eq } from 'drizzle-orm';
import { newsPosts } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { AppError } from '../../../errors';

export type NewsPostRow = typeof newsPosts.$inferSelect;

export function toAdminNewsPost(row: NewsPostRow): AdminNewsPost {
  return {
    id: row.id,
    title: row.title,
    coverUrl: row.coverUrl,
    coverAlt: row.coverAlt,
    body: row.body,
    linkCourseId: row.linkCourseId,
    linkSectionId: row.linkSectionId,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** A post by id (locked for the change when asked), or 404. */
export async function newsPostRow(
  db: Db,
  id: string,
  options: { lock?: boolean } = {},
): Promise<NewsPostRow> {
  const query = db.select().from(newsPosts).where(eq(newsPosts.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  if (!row) throw AppError.notFound('No encontramos esa novedad.');
  return row;
}

/** What the audit keeps of a post: everything but the timestamps. */
export function auditView(row: NewsPostRow) {
  return {
    title: row.title,
    coverUrl: row.coverUrl,
    coverAlt: row.coverAlt,
    body: row.body,
    linkCourseId: row.linkCourseId,
    linkSectionId: row.linkSectionId,
    published: row.publishedAt !== null,
  };
}

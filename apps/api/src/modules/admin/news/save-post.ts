import { postBodyProblem } from '@alcancia/contract';
import type { AdminNewsPost, adminNewsPostInputSchema } from '@alcancia/contract/admin';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { courseSections, courses, newsPosts } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { AppError } from '../../../errors';
import { recordAudit } from '../core/audit';
import { auditView, newsPostRow, toAdminNewsPost } from './post-views';

type PostInput = z.output<typeof adminNewsPostInputSchema>;

/**
 * A post's fields as stored, or a Spanish 422: the text in the post format only (decision 0352:
 * any HTML, a script among it, is refused, and so is a link that is not https or a path of this
 * site); the link to a course or program that exists, and a class of that course.
 */
async function checkedFields(db: Db, input: PostInput) {
  const problem = postBodyProblem(input.body) ?? postBodyProblem(input.title);
  if (problem)
    throw new AppError(problem.code, 422, problem.message, [{ path: 'body', message: problem.message }]);
  if (input.linkSectionId && !input.linkCourseId) throw unknownTarget();
  if (input.linkCourseId) {
    const [course] = await db
      .select({ id: courses.id })
      .from(courses)
      .where(eq(courses.id, input.linkCourseId));
    if (!course) throw unknownTarget();
    if (input.linkSectionId) {
      const [section] = await db
        .select({ id: courseSections.id })
        .from(courseSections)
        .where(
          and(eq(courseSections.id, input.linkSectionId), eq(courseSections.courseId, input.linkCourseId)),
        );
      if (!section) throw unknownTarget();
    }
  }
  return {
    title: input.title,
    coverUrl: input.coverUrl === '' ? null : input.coverUrl,
    coverAlt: input.coverAlt,
    body: input.body,
    linkCourseId: input.linkCourseId || null,
    linkSectionId: input.linkSectionId || null,
  };
}

const unknownTarget = () =>
  new AppError('NEWS_POST_TARGET_UNKNOWN', 422, 'No encontramos esa clase o ese programa para enlazar.', [
    { path: 'linkCourseId', message: 'No encontramos esa clase o ese programa para enlazar.' },
  ]);

/** POST /admin/news: a new post, unpublished; its audit entry in the same transaction. */
export function createPost(db: Database, request: FastifyRequest, input: PostInput): Promise<AdminNewsPost> {
  return db.transaction(async (tx) => {
    const fields = await checkedFields(tx, input);
    const [row] = await tx.insert(newsPosts).values(fields).returning();
    if (!row) throw new Error('news post insert returned nothing');
    await recordAudit(tx, request, {
      action: 'news_post.create',
      targetType: 'news_post',
      targetId: row.id,
      after: auditView(row),
    });
    return toAdminNewsPost(row);
  });
}

/** PUT /admin/news/{id}: its title, cover, text and link. */
export function updatePost(
  db: Database,
  request: FastifyRequest,
  id: string,
  input: PostInput,
): Promise<AdminNewsPost> {
  return db.transaction(async (tx) => {
    const before = await newsPostRow(tx, id, { lock: true });
    const fields = await checkedFields(tx, input);
    const [after] = await tx
      .update(newsPosts)
      .set({ ...fields, updatedAt: sql`now()` })
      .where(eq(newsPosts.id, id))
      .returning();
    if (!after) throw new Error(`news post ${id} vanished`);
    await recordAudit(tx, request, {
      action: 'news_post.update',
      targetType: 'news_post',
      targetId: id,
      before: auditView(before),
      after: auditView(after),
    });
    return toAdminNewsPost(after);
  });
}

/** PUT /admin/news/{id}/publication: publish (from now) or take back; the same twice changes nothing. */
export function setPublished(
  db: Database,
  request: FastifyRequest,
  id: string,
  published: boolean,
): Promise<AdminNewsPost> {
  return db.transaction(async (tx) => {
    const before = await newsPostRow(tx, id, { lock: true });
    if ((before.publishedAt !== null) === published) {
      return toAdminNewsPost(before);
    }
    const [after] = await tx
      .update(newsPosts)
      .set({ publishedAt: published ? sql`now()` : null, updatedAt: sql`now()` })
      .where(eq(newsPosts.id, id))
      .returning();
    if (!after) throw new Error(`news post ${id} vanished`);
    await recordAudit(tx, request, {
      action: published ? 'news_post.publish' : 'news_post.unpublish',
      targetType: 'news_post',
      targetId: id,
      before: { published: before.publishedAt !== null },
      after: { published },
    });
    return toAdminNewsPost(after);
  });
}

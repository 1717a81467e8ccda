import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { announceContentChange } from '../../academy/content-cache';

/**
 * The publication checklist (publication-checklist.ts) at the scheduled moment: a content emptied
 * after it was scheduled (its last class or its cover taken away) stays a draft, its schedule kept
 * in sight in the editor, instead of going live empty (issue 40).
 */
const stillPublishable = sql.raw(`
  coalesce(trim(c.thumbnail), '') <> '' and c.category_code is not null and c.level_code is not null
  and case when c.kind = 'PACK' then exists (select 1 from pack_items i where i.pack_id = c.id)
      else exists (select 1 from course_sections s where s.course_id = c.id
                     and s.type in ('CLASS', 'DOWNLOADABLE_MATERIAL') and coalesce(trim(s.section_url), '') <> '')
      end`);

/**
 * Publishes the content whose scheduled moment (courses.publish_at, set in the back office) has
 * come, and announces the change to every API process. Run every minute by the content.publish
 * job (src/background-jobs.ts); safe to run concurrently (one UPDATE). A content that no longer passes
 * the publication checklist is left unpublished, its moment kept.
 */
export async function publishScheduledContent(db: Database): Promise<{ published: string[] }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update courses c set published = true, publish_at = null, updated_at = now()
      where publish_at is not null and publish_at <= now() and not published
        and ${stillPublishable}
      returning id`);
    if (rows.length > 0) await announceContentChange(tx);
    return { published: rows.map((r) => r.id) };
  });
}

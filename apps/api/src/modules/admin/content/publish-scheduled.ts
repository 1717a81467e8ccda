import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { announceContentChange } from '../../academy/content-cache';

/**
 * Publishes the content whose scheduled moment (courses.publish_at, set in the back office) has
 * come, and announces the change to every API process. Run every minute by the content.publish
 * job (src/background-jobs.ts); safe to run concurrently (one UPDATE).
 */
export async function publishScheduledContent(db: Database): Promise<{ published: string[] }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ id: string }>(sql`
      update courses set published = true, publish_at = null, updated_at = now()
      where publish_at is not null and publish_at <= now() and not published
      returning id`);
    if (rows.length > 0) await announceContentChange(tx);
    return { published: rows.map((r) => r.id) };
  });
}

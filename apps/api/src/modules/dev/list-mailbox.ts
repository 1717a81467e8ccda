import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devMailbox } from '../../db/schema';

/** GET /api/dev/mailbox?to= — captured mail, newest first (development and tests only). */
export async function listMailbox(db: Database, to: string | undefined, limit: number) {
  const rows = await db
    .select()
    .from(devMailbox)
    .where(to ? eq(devMailbox.to, to.toLowerCase()) : undefined)
    .orderBy(desc(devMailbox.createdAt), desc(devMailbox.id))
    .limit(limit);
  return rows.map((row) => ({
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    attachments: row.attachments,
    createdAt: row.createdAt.toISOString(),
  }));
}

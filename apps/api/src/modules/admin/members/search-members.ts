import type { MemberSummary } from '@alcancia/contract/admin';
import { desc, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';
import { users } from '../../../db/schema';

/**
 * What a search box text becomes: the words of `users.search_document` (migration 0017) to match
 * by prefix, accents and case folded like alcancia_fold. A text that is a phone number (digits,
 * spaces, dashes, dots, parentheses, a plus) becomes its digits alone. Only [a-z0-9] reach the
 * tsquery, so nothing typed can change its syntax. Null: nothing searchable was typed.
 */
export function memberSearchQuery(search: string): string | null {
  const folded = search
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
  if (/^[\d\s+\-().]+$/.test(folded)) {
    const digits = folded.replace(/\D/g, '');
    return digits.length >= 3 ? `${digits}:*` : null;
  }
  const words = folded
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .slice(0, 8);
  return words.length > 0 ? words.map((word) => `${word}:*`).join(' & ') : null;
}

export const toMemberSummary = (row: typeof users.$inferSelect): MemberSummary => ({
  id: row.id,
  email: row.email,
  name: row.name,
  telephone: row.telephone,
  countryCode: row.countryCode,
  emailVerified: row.emailVerifiedAt !== null,
  createdAt: row.createdAt.toISOString(),
  subscriptionEndDate: row.subscriptionEndDate,
  role: row.role,
  deleted: row.deletedAt !== null,
});

/**
 * Members matching every word typed (by e-mail, name or phone; accent- and case-insensitive),
 * through the GIN index on users.search_document; the exact e-mail first, then the newest. No
 * text: the newest members (users_created_idx).
 */
export async function searchMembers(
  db: Database,
  query: { search?: string | undefined; page: number; pageSize: number },
) {
  const tsquery = query.search ? memberSearchQuery(query.search) : null;
  const email = query.search?.trim().toLowerCase() ?? '';
  const base = db.select().from(users);
  const filtered = tsquery
    ? base
        .where(sql`search_document @@ to_tsquery('simple', ${tsquery})`)
        .orderBy(sql`${users.email} = ${email} desc`, desc(users.createdAt))
    : query.search?.trim()
      ? base.where(sql`false`)
      : base.orderBy(desc(users.createdAt));
  const rows = await filtered.limit(query.pageSize + 1).offset((query.page - 1) * query.pageSize);
  return {
    items: rows.slice(0, query.pageSize).map(toMemberSummary),
    page: query.page,
    pageSize: query.pageSize,
    hasMore: rows.length > query.pageSize,
  };
}

import type { CourseCard, EventCard, ProgramCard } from '@alcancia/contract';
import { and, arrayOverlaps, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contentTags, courses } from '../../db/schema';
import { isAccessible, type Viewer } from './viewer';

export type CourseRow = typeof courses.$inferSelect;
type Kind = CourseRow['kind'];

export interface CatalogFilters {
  category?: string | undefined;
  level?: string | undefined;
  tags?: string | undefined;
  keyword?: string | undefined;
}

/**
 * Turns what the user typed into a prefix tsquery over the folded (accent-free) words:
 * "inversión bon" → 'inversion:* & bon:*'. Non-word characters are dropped, so input can
 * never break the query syntax.
 */
export function searchTsQuery(text: string): SQL | null {
  const words = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  if (words.length === 0) return null;
  const query = words.map((w) => `${w}:*`).join(' & ');
  return sql`${courses}.search_vector @@ to_tsquery('spanish', alcancia_fold(${query}))`;
}

export function catalogConditions(kinds: Kind[], filters: CatalogFilters, viewer: Viewer): SQL[] {
  const conditions: SQL[] = [eq(courses.published, true), inArray(courses.kind, kinds)];
  if (filters.category) conditions.push(eq(courses.categoryCode, filters.category));
  if (filters.level) conditions.push(eq(courses.levelCode, filters.level));
  const tags = (filters.tags ?? '')
    .split(',')
    .map((t) => t.trim())
    .filter(Boolean);
  if (tags.includes('my_purchases')) {
    const owned = [...viewer.purchased, ...viewer.viaPacks];
    conditions.push(owned.length > 0 ? inArray(courses.id, owned) : sql`false`);
  }
  const otherTags = tags.filter((t) => t !== 'my_purchases');
  if (otherTags.length > 0) conditions.push(arrayOverlaps(courses.tags, otherTags));
  if (filters.keyword) {
    const match = searchTsQuery(filters.keyword);
    if (match) conditions.push(match);
  }
  return conditions;
}

/** A page of catalogue rows plus the total, in one statement (count(*) over ()). */
export async function selectCatalogPage(
  db: Database,
  conditions: SQL[],
  page: number,
  pageSize: number,
): Promise<{ rows: CourseRow[]; total: number }> {
  const rows = await db
    .select({ course: courses, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(courses)
    .where(and(...conditions))
    .orderBy(asc(courses.sortOrder), asc(courses.name), asc(courses.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { rows: rows.map((r) => r.course), total: rows[0]?.total ?? 0 };
}

/** Badge texts per tag code; a tiny table read once per process and kept. */
let badgeCache: Promise<Map<string, string>> | null = null;
export function tagBadges(db: Database): Promise<Map<string, string>> {
  badgeCache ??= db
    .select()
    .from(contentTags)
    .then((rows) => new Map(rows.filter((r) => r.badge).map((r) => [r.code, r.badge as string])))
    .catch((error: unknown) => {
      badgeCache = null;
      throw error;
    });
  return badgeCache;
}
export function forgetTagBadges(): void {
  badgeCache = null;
}

export function toCourseCard(row: CourseRow, viewer: Viewer, badges: Map<string, string>): CourseCard {
  const firstBadge = row.tags.map((t) => badges.get(t)).find(Boolean) ?? null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    thumbnail: row.thumbnail,
    category: row.categoryCode,
    level: row.levelCode,
    tags: row.tags,
    badge: firstBadge,
    modulesAmount: row.modulesAmount,
    classesAmount: row.classesAmount,
    isFree: row.isFree,
    isProgram: row.kind === 'PROGRAM' || row.kind === 'PACK',
    isAccessibleByUser: isAccessible(row, viewer),
  };
}

export function saleStatus(row: Pick<CourseRow, 'saleableStartDate' | 'saleableEndDate'>, today: string) {
  if (row.saleableStartDate && today < row.saleableStartDate) return 'BEFORE' as const;
  if (row.saleableEndDate && today > row.saleableEndDate) return 'AFTER' as const;
  return 'OPEN' as const;
}

export function discountPercent(price: number | null, regular: number | null): number {
  if (price === null || !regular || regular <= price) return 0;
  return Math.round(((regular - price) / regular) * 100);
}

export function toProgramCard(row: CourseRow, viewer: Viewer): ProgramCard {
  return {
    id: row.id,
    name: row.name,
    type: row.kind === 'PACK' ? 'PACK' : 'PROGRAM',
    category: row.categoryCode,
    thumbnail: row.thumbnail,
    thumbnailAlternative: row.thumbnailAlternative,
    description: row.description,
    descriptionAlternative: row.descriptionAlternative,
    price: row.priceCentavos,
    regularPrice: row.regularPriceCentavos,
    discountApplied: discountPercent(row.priceCentavos, row.regularPriceCentavos),
    isAccessibleByUser: isAccessible(row, viewer),
    saleable_start_date: row.saleableStartDate,
    saleable_end_date: row.saleableEndDate,
    saleStatus: saleStatus(row, viewer.today),
    modulesAmount: row.modulesAmount,
    classesAmount: row.classesAmount,
  };
}

export function toEventCard(row: CourseRow, viewer: Viewer): EventCard {
  return {
    id: row.id,
    name: row.name,
    series: (row.eventSeries ?? 'MASTERCLASSES') as EventCard['series'],
    thumbnail: row.thumbnail,
    classesAmount: row.classesAmount,
    isAccessibleByUser: isAccessible(row, viewer),
  };
}

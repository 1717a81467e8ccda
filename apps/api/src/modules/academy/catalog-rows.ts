import type { CourseCard, EventCard, ProgramCard } from '@alcancia/contract';
import { and, arrayOverlaps, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contentTags, courses } from '../../db/schema';
import { contentCache } from './content-cache';
import { isAccessible, type Viewer } from './viewer';

export type CourseRow = typeof courses.$inferSelect;
type Kind = CourseRow['kind'];

/** The columns a card shows (and access needs): never the long description or the audit columns. */
export const cardColumns = {
  id: courses.id,
  kind: courses.kind,
  name: courses.name,
  description: courses.description,
  descriptionAlternative: courses.descriptionAlternative,
  thumbnail: courses.thumbnail,
  thumbnailAlternative: courses.thumbnailAlternative,
  cover: courses.cover,
  categoryCode: courses.categoryCode,
  levelCode: courses.levelCode,
  tags: courses.tags,
  isFree: courses.isFree,
  priceCentavos: courses.priceCentavos,
  audience: courses.audience,
  regularPriceCentavos: courses.regularPriceCentavos,
  saleableStartDate: courses.saleableStartDate,
  saleableEndDate: courses.saleableEndDate,
  eventSeries: courses.eventSeries,
  modulesAmount: courses.modulesAmount,
  classesAmount: courses.classesAmount,
};
export type CardRow = Pick<CourseRow, keyof typeof cardColumns>;

export interface CatalogFilters {
  category?: string | undefined;
  level?: string | undefined;
  tags?: string | undefined;
  keyword?: string | undefined;
}

/**
 * The prefix tsquery of what the user typed, over the folded (accent-free) words:
 * "inversión bon" → 'inversion:* & bon:*'. Non-word characters are dropped, so input can never
 * break the query syntax; null when nothing searchable is left. Equal queries are equal strings
 * (the search cache's key).
 */
export function searchQueryText(text: string): string | null {
  const words = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length > 0)
    .slice(0, 8);
  return words.length === 0 ? null : words.map((w) => `${w}:*`).join(' & ');
}

export function searchMatch(query: string): SQL {
  return sql`${courses}.search_vector @@ to_tsquery('spanish', alcancia_fold(${query}))`;
}

export function searchTsQuery(text: string): SQL | null {
  const query = searchQueryText(text);
  return query === null ? null : searchMatch(query);
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

export interface CatalogPage {
  rows: CardRow[];
  total: number;
}

/** A page of catalogue cards plus the total, in one statement (count(*) over ()). */
export async function selectCatalogPage(
  db: Database,
  conditions: SQL[],
  page: number,
  pageSize: number,
): Promise<CatalogPage> {
  const rows = await db
    .select({ ...cardColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(courses)
    .where(and(...conditions))
    .orderBy(asc(courses.sortOrder), asc(courses.name), asc(courses.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const first = rows[0];
  if (first || page === 1)
    return { rows: rows.map(({ total: _total, ...card }) => card), total: first?.total ?? 0 };
  // Past the last page the window count has no row to ride on: the total is counted on its own.
  const [counted] = await db
    .select({ total: sql<number>`count(*)`.mapWith(Number) })
    .from(courses)
    .where(and(...conditions));
  return { rows: [], total: counted?.total ?? 0 };
}

export interface CatalogRequest extends CatalogFilters {
  page: number;
  pageSize: number;
}

const pages = contentCache<CatalogPage>('catalogue-pages', 2000);

/**
 * A catalogue page for the viewer. Pages depend only on the content and the filters, so they are
 * cached until the content import announces a change; what depends on the viewer (access, and
 * the "my purchases" filter, which is never cached) is applied per request.
 */
export function catalogPage(
  db: Database,
  kinds: Kind[],
  request: CatalogRequest,
  viewer: Viewer,
): Promise<CatalogPage> {
  const { page, pageSize, ...filters } = request;
  const load = () => selectCatalogPage(db, catalogConditions(kinds, filters, viewer), page, pageSize);
  if ((filters.tags ?? '').includes('my_purchases')) return load();
  const key = JSON.stringify([
    kinds,
    filters.category ?? null,
    filters.level ?? null,
    filters.tags ?? null,
    filters.keyword ?? null,
    page,
    pageSize,
  ]);
  return pages.get(db, key, load);
}

const badgeCache = contentCache<Map<string, string>>('catalogue-badges', 1);

/** Badge texts per tag code; a tiny table kept until the content changes. */
export function tagBadges(db: Database): Promise<Map<string, string>> {
  return badgeCache.get(db, 'badges', async () => {
    const rows = await db.select().from(contentTags);
    return new Map(rows.filter((r) => r.badge).map((r) => [r.code, r.badge as string]));
  });
}

export function toCourseCard(row: CardRow, viewer: Viewer, badges: Map<string, string>): CourseCard {
  const firstBadge = row.tags.map((t) => badges.get(t)).find(Boolean) ?? null;
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    thumbnail: row.thumbnail,
    cover: row.cover,
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

export function toProgramCard(row: CardRow, viewer: Viewer): ProgramCard {
  return {
    id: row.id,
    name: row.name,
    type: row.kind === 'PACK' ? 'PACK' : 'PROGRAM',
    category: row.categoryCode,
    thumbnail: row.thumbnail,
    thumbnailAlternative: row.thumbnailAlternative,
    cover: row.cover,
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
    onlyForSubscribers: row.audience === 'ONLY_SUBSCRIBERS' && !viewer.subscribed,
  };
}

export function toEventCard(row: CardRow, viewer: Viewer): EventCard {
  return {
    id: row.id,
    name: row.name,
    series: (row.eventSeries ?? 'MASTERCLASSES') as EventCard['series'],
    thumbnail: row.thumbnail,
    cover: row.cover,
    classesAmount: row.classesAmount,
    isAccessibleByUser: isAccessible(row, viewer),
  };
}

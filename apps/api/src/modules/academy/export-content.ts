import { asc, inArray } from 'drizzle-orm';
import {
  contentCategories,
  contentLevels,
  contentTags,
  courseFaqs,
  courseModules,
  courseSections,
  courses,
  packItems,
  subscriptionPlans,
  suggestedFilters,
} from '../../db/schema';
import type { Db } from '../../db/transaction';
import { contentFormatVersion } from './content-file';

type CourseRow = typeof courses.$inferSelect;

/** A course, program, pack or event as the content file writes it (the input of content-file.ts). */
export interface ContentCourseDocument {
  id: string;
  kind: CourseRow['kind'];
  name: string;
  description: string;
  longDescription: string;
  descriptionAlternative?: string;
  thumbnail?: string;
  thumbnailAlternative?: string;
  cover?: { src: string; width: number; height: number; srcset: { src: string; width: number }[] };
  teacher?: { name: string; bio: string };
  outcomes?: string[];
  category?: string;
  level?: string;
  tags: string[];
  isFree: boolean;
  audience: string;
  price?: number;
  regularPrice?: number;
  maxInstallments: number;
  saleableStartDate?: string;
  saleableEndDate?: string;
  declinedPaymentFormUrl?: string;
  checkoutProvider: string;
  eventSeries?: string;
  sortOrder: number;
  published: boolean;
  modules: {
    id: string;
    name: string;
    order: number;
    sections: {
      id: string;
      name: string;
      order: number;
      type: string;
      duration: number;
      sectionUrl?: string;
      mimeType?: string;
      fileExtension?: string;
    }[];
  }[];
  faqs: { question: string; answer: string }[];
  items: string[];
}

/** Keys whose value is null are left out: the file says "absent" for them. */
function present<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null)) as T;
}

const pesos = (centavos: number | null) => (centavos == null ? null : centavos / 100);

/**
 * The given courses (all when `ids` is omitted) in the content file's format, with their modules,
 * sections, FAQs and pack items, in catalogue order.
 */
export async function exportCourses(db: Db, ids?: string[]): Promise<ContentCourseDocument[]> {
  if (ids && ids.length === 0) return [];
  const rows = await db
    .select()
    .from(courses)
    .where(ids ? inArray(courses.id, ids) : undefined)
    .orderBy(asc(courses.sortOrder), asc(courses.id));
  const courseIds = rows.map((c) => c.id);
  if (courseIds.length === 0) return [];
  const [modules, sections, faqs, items] = await Promise.all([
    db
      .select()
      .from(courseModules)
      .where(inArray(courseModules.courseId, courseIds))
      .orderBy(asc(courseModules.order), asc(courseModules.id)),
    db
      .select()
      .from(courseSections)
      .where(inArray(courseSections.courseId, courseIds))
      .orderBy(asc(courseSections.order), asc(courseSections.id)),
    db
      .select()
      .from(courseFaqs)
      .where(inArray(courseFaqs.courseId, courseIds))
      .orderBy(asc(courseFaqs.position), asc(courseFaqs.id)),
    db
      .select()
      .from(packItems)
      .where(inArray(packItems.packId, courseIds))
      .orderBy(asc(packItems.position), asc(packItems.itemId)),
  ]);
  const group = <T, K>(list: T[], key: (row: T) => K) => {
    const map = new Map<K, T[]>();
    for (const row of list) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
    return map;
  };
  const modulesOf = group(modules, (m) => m.courseId);
  const sectionsOf = group(sections, (s) => s.moduleId);
  const faqsOf = group(faqs, (f) => f.courseId);
  const itemsOf = group(items, (i) => i.packId);
  return rows.map(
    (c) =>
      present({
        id: c.id,
        kind: c.kind,
        name: c.name,
        description: c.description,
        longDescription: c.longDescription,
        descriptionAlternative: c.descriptionAlternative,
        thumbnail: c.thumbnail,
        thumbnailAlternative: c.thumbnailAlternative,
        cover: c.cover,
        teacher: c.teacher,
        outcomes: c.outcomes.length ? c.outcomes : null,
        category: c.categoryCode,
        level: c.levelCode,
        tags: c.tags,
        isFree: c.isFree,
        audience: c.audience,
        price: pesos(c.priceCentavos),
        regularPrice: pesos(c.regularPriceCentavos),
        maxInstallments: c.maxInstallments,
        saleableStartDate: c.saleableStartDate,
        saleableEndDate: c.saleableEndDate,
        declinedPaymentFormUrl: c.declinedPaymentFormUrl,
        checkoutProvider: c.checkoutProvider,
        eventSeries: c.eventSeries,
        sortOrder: c.sortOrder,
        published: c.published,
        modules: (modulesOf.get(c.id) ?? []).map((m) => ({
          id: m.id,
          name: m.name,
          order: m.order,
          sections: (sectionsOf.get(m.id) ?? []).map((s) =>
            present({
              id: s.id,
              name: s.name,
              order: s.order,
              type: s.type,
              duration: s.durationSeconds,
              sectionUrl: s.sectionUrl,
              mimeType: s.mimeType,
              fileExtension: s.fileExtension,
            }),
          ),
        })),
        faqs: (faqsOf.get(c.id) ?? []).map((f) => ({ question: f.question, answer: f.answer })),
        items: (itemsOf.get(c.id) ?? []).map((i) => i.itemId),
      }) as ContentCourseDocument,
  );
}

/**
 * The whole catalogue as a content file (`npm run content:export -- file`): what content:import
 * reads, so content round-trips (import → export → import changes nothing). Sale dates are
 * written as the dates they resolved to; a scheduled publication (publish_at) is not part of the
 * format.
 */
export async function exportContent(db: Db) {
  const [categories, levels, tags, filters, plans] = await Promise.all([
    db
      .select()
      .from(contentCategories)
      .orderBy(asc(contentCategories.sortOrder), asc(contentCategories.code)),
    db.select().from(contentLevels).orderBy(asc(contentLevels.sortOrder), asc(contentLevels.code)),
    db.select().from(contentTags).orderBy(asc(contentTags.code)),
    db.select().from(suggestedFilters).orderBy(asc(suggestedFilters.sortOrder), asc(suggestedFilters.value)),
    db.select().from(subscriptionPlans).orderBy(asc(subscriptionPlans.weight), asc(subscriptionPlans.id)),
  ]);
  const all = await exportCourses(db);
  // Packs last: an import checks their items against the courses before them or already stored.
  const ordered = [...all.filter((c) => c.kind !== 'PACK'), ...all.filter((c) => c.kind === 'PACK')];
  return {
    formatVersion: contentFormatVersion,
    categories: categories.map((c) => ({ ...c })),
    levels: levels.map((l) => ({ ...l })),
    tags: tags.map((t) => present({ ...t })),
    suggestedFilters: filters.map((f) => ({ ...f })),
    plans: plans.map((p) => ({ ...p })),
    courses: ordered,
  };
}

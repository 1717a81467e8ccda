import { getTableColumns, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
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
import { argentinaDate } from '../../lib/argentina-date';
import { announceContentChange } from './content-cache';
import {
  type ContentFile,
  ContentFileError,
  type ContentProblem,
  parseContentFile,
  resolveSaleDate,
} from './content-file';

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type ImportTally = { inserted: number; updated: number; unchanged: number; deleted: number };

/** What the import did, per table (faqs and packItems are rewritten per course, never updated). */
export type ImportResult = Record<
  'categories' | 'levels' | 'tags' | 'suggestedFilters' | 'plans' | 'courses' | 'modules' | 'sections',
  ImportTally
> & { faqs: ImportTally; packItems: ImportTally };

export interface ImportOptions {
  /** the moment of the import; its Argentina date anchors relative sale dates ("today+30") */
  today?: Date;
}

/** Rows per statement: a large file becomes several statements, each with one bounded JSON parameter. */
const batchSize = 1000;

/** Imports serialize: two at once would interleave their deletes of stale modules and sections. */
const importLockKey = 4242002;

const tally = (unchanged = 0): ImportTally => ({ inserted: 0, updated: 0, unchanged, deleted: 0 });

function* batches<T>(rows: T[]): Generator<T[]> {
  for (let i = 0; i < rows.length; i += batchSize) yield rows.slice(i, i + batchSize);
}

/** One text[] bind parameter, so statements over thousands of ids keep a constant size. */
const textArray = (values: string[]) => sql`${sql.param(values)}::text[]`;

/**
 * Insert or update by key, rewriting only rows whose values differ: a re-import of the same file
 * writes nothing (updated_at keeps its value) and the tally says what really changed. A batch
 * travels as one JSON parameter that PostgreSQL expands into typed rows (jsonb_populate_recordset):
 * building one bind parameter per value cost more than the database work for large catalogues.
 */
async function upsert<T extends PgTable>(
  tx: Tx,
  table: T,
  target: AnyPgColumn[],
  rows: T['$inferInsert'][],
  touch: Record<string, SQL> = {},
): Promise<ImportTally> {
  const result = tally(rows.length);
  const first = rows[0];
  if (!first) return result;
  const columns = getTableColumns(table) as Record<string, AnyPgColumn>;
  const keys = Object.keys(first);
  const names = keys.map((key) => columns[key]?.name ?? key);
  const list = (render: (name: string) => SQL) => sql.join(names.map(render), sql`, `);
  const plain = list((name) => sql`${sql.identifier(name)}`);
  const set = [
    list((name) => sql`${sql.identifier(name)} = excluded.${sql.identifier(name)}`),
    ...Object.entries(touch).map(
      ([key, value]) => sql`${sql.identifier(columns[key]?.name ?? key)} = ${value}`,
    ),
  ];
  const stored = list((name) => sql`${table}.${sql.identifier(name)}`);
  const incoming = list((name) => sql`excluded.${sql.identifier(name)}`);
  const conflict = sql.join(
    target.map((c) => sql.identifier(c.name)),
    sql`, `,
  );
  for (const batch of batches(rows)) {
    const records = batch.map((row) =>
      Object.fromEntries(keys.map((key, i) => [names[i], (row as Record<string, unknown>)[key]])),
    );
    const written = await tx.execute<{ inserted: boolean }>(sql`
      insert into ${table} (${plain})
      select ${plain} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(records)}::jsonb)
      on conflict (${conflict}) do update set ${sql.join(set, sql`, `)}
      where (${stored}) is distinct from (${incoming})
      returning (xmax = 0) as inserted`);
    for (const row of written.rows) {
      if (row.inserted) result.inserted++;
      else result.updated++;
      result.unchanged--;
    }
  }
  return result;
}

/** Deletes the modules or sections of the imported courses that the file no longer lists. */
async function deleteUnlisted(
  tx: Tx,
  table: typeof courseModules | typeof courseSections,
  courseIds: string[],
  listed: string[],
): Promise<number> {
  const { rows } = await tx.execute(
    sql`delete from ${table} where ${table.courseId} = any(${textArray(courseIds)})
        and not (${table.id} = any(${textArray(listed)})) returning 1`,
  );
  return rows.length;
}

const withSortOrder = <T extends { sortOrder?: number | undefined }>(list: T[]) =>
  list.map((item, i) => ({ ...item, sortOrder: item.sortOrder ?? i }));

/** The file as table rows: money in centavos, sale dates resolved, module and class counts. */
function catalogueRows(file: ContentFile, today: string) {
  const problems: ContentProblem[] = [];
  const courseValues = file.courses.map((course, index) => {
    const start = course.saleableStartDate ? resolveSaleDate(course.saleableStartDate, today) : null;
    const end = course.saleableEndDate ? resolveSaleDate(course.saleableEndDate, today) : null;
    if (start && end && start > end) {
      problems.push({
        path: `courses[${index}].saleableEndDate`,
        message: `La venta termina (${end}) antes de empezar (${start})`,
      });
    }
    const sections = course.modules.flatMap((m) => m.sections);
    return {
      id: course.id,
      kind: course.kind,
      name: course.name,
      description: course.description,
      longDescription: course.longDescription,
      descriptionAlternative: course.descriptionAlternative ?? null,
      thumbnail: course.thumbnail ?? null,
      thumbnailAlternative: course.thumbnailAlternative ?? null,
      cover: course.cover ?? null,
      teacher: course.teacher ?? null,
      outcomes: course.outcomes,
      categoryCode: course.category ?? null,
      levelCode: course.level ?? null,
      tags: course.tags,
      isFree: course.isFree,
      audience: course.audience,
      priceCentavos: course.price ?? null,
      regularPriceCentavos: course.regularPrice ?? null,
      maxInstallments: course.maxInstallments,
      saleableStartDate: start,
      saleableEndDate: end,
      declinedPaymentFormUrl: course.declinedPaymentFormUrl ?? null,
      checkoutProvider: course.checkoutProvider,
      eventSeries: course.eventSeries ?? null,
      sortOrder: course.sortOrder ?? index,
      published: course.published,
      modulesAmount: course.modules.length,
      classesAmount: sections.filter((s) => s.type === 'CLASS').length,
    };
  });
  if (problems.length > 0) throw new ContentFileError(problems);
  const modules = file.courses.flatMap((course) =>
    course.modules.map((m, i) => ({ id: m.id, courseId: course.id, name: m.name, order: m.order ?? i + 1 })),
  );
  const sections = file.courses.flatMap((course) =>
    course.modules.flatMap((m) =>
      m.sections.map((s, i) => ({
        id: s.id,
        moduleId: m.id,
        courseId: course.id,
        name: s.name,
        order: s.order ?? i + 1,
        type: s.type,
        durationSeconds: s.duration,
        sectionUrl: s.sectionUrl ?? null,
        mimeType: s.mimeType ?? null,
        fileExtension: s.fileExtension ?? null,
      })),
    ),
  );
  const tags = file.tags.map((t) => ({ ...t, badge: t.badge ?? null }));
  return { courses: courseValues, modules, sections, tags };
}

/** Codes and ids the file uses must exist in the file itself or already in the database. */
async function checkReferences(tx: Tx, file: ContentFile) {
  const known = async (column: AnyPgColumn, listed: string[]) => {
    const { rows } = await tx.execute<{ key: string }>(sql`select ${column} as key from ${column.table}`);
    return new Set([...listed, ...rows.map((r) => r.key)]);
  };
  const categories = await known(
    contentCategories.code,
    file.categories.map((c) => c.code),
  );
  const levels = await known(
    contentLevels.code,
    file.levels.map((l) => l.code),
  );
  const tags = await known(
    contentTags.code,
    file.tags.map((t) => t.code),
  );
  const plans = await known(
    subscriptionPlans.name,
    file.plans.map((p) => p.name),
  );
  const kinds = new Map(file.courses.map((c) => [c.id, c.kind as string]));
  const elsewhere = [...new Set(file.courses.flatMap((c) => c.items))].filter((id) => !kinds.has(id));
  if (elsewhere.length > 0) {
    const { rows } = await tx.execute<{ id: string; kind: string }>(
      sql`select id, kind from courses where id = any(${textArray(elsewhere)})`,
    );
    for (const row of rows) kinds.set(row.id, row.kind);
  }

  const problems: ContentProblem[] = [];
  const refuse = (path: string, message: string) => problems.push({ path, message });
  file.suggestedFilters.forEach((filter, f) => {
    filter.subscriptionRequired.forEach((rule, r) => {
      if (rule === 'ONLY_SUBSCRIBERS' || rule === 'ONLY_UNSUBSCRIBERS' || plans.has(rule)) return;
      refuse(`suggestedFilters[${f}].subscriptionRequired[${r}]`, `No existe el plan "${rule}"`);
    });
  });
  file.courses.forEach((course, c) => {
    const at = `courses[${c}]`;
    if (course.category && !categories.has(course.category)) {
      refuse(`${at}.category`, `No existe la categoría "${course.category}"`);
    }
    if (course.level && !levels.has(course.level))
      refuse(`${at}.level`, `No existe el nivel "${course.level}"`);
    course.tags.forEach((tag, t) => {
      if (!tags.has(tag)) refuse(`${at}.tags[${t}]`, `No existe la etiqueta "${tag}"`);
    });
    course.items.forEach((item, i) => {
      const kind = kinds.get(item);
      if (!kind) refuse(`${at}.items[${i}]`, `No existe el contenido "${item}"`);
      else if (kind !== 'COURSE' && kind !== 'PROGRAM') {
        refuse(`${at}.items[${i}]`, `Un pack agrupa cursos o programas, no ${kind}`);
      }
    });
  });
  if (problems.length > 0) throw new ContentFileError(problems);
}

async function syncPackItems(tx: Tx, file: ContentFile, courseIds: string[]): Promise<ImportTally> {
  const rows = file.courses.flatMap((c) =>
    c.items.map((itemId, position) => ({ packId: c.id, itemId, position })),
  );
  const result = await upsert(tx, packItems, [packItems.packId, packItems.itemId], rows);
  const deleted = await tx.execute(
    sql`delete from pack_items where pack_id = any(${textArray(courseIds)})
        and (pack_id, item_id) not in (select * from unnest(${textArray(rows.map((r) => r.packId))},
                                                            ${textArray(rows.map((r) => r.itemId))}))
        returning 1`,
  );
  result.deleted = deleted.rows.length;
  return result;
}

/** FAQs have no ids in the file: a course's list is rewritten only when it differs. */
async function syncFaqs(tx: Tx, file: ContentFile, courseIds: string[]): Promise<ImportTally> {
  const stored = await tx
    .select({ courseId: courseFaqs.courseId, question: courseFaqs.question, answer: courseFaqs.answer })
    .from(courseFaqs)
    .where(sql`${courseFaqs.courseId} = any(${textArray(courseIds)})`)
    .orderBy(courseFaqs.courseId, courseFaqs.position, courseFaqs.id);
  const before = new Map<string, { question: string; answer: string }[]>();
  for (const { courseId, ...faq } of stored) before.set(courseId, [...(before.get(courseId) ?? []), faq]);

  const result = tally();
  const changed = file.courses.filter((course) => {
    const same = JSON.stringify(before.get(course.id) ?? []) === JSON.stringify(course.faqs);
    if (same) result.unchanged += course.faqs.length;
    return !same;
  });
  if (changed.length === 0) return result;
  const deleted = await tx.execute(
    sql`delete from course_faqs where course_id = any(${textArray(changed.map((c) => c.id))}) returning 1`,
  );
  result.deleted = deleted.rows.length;
  const rows = changed.flatMap((c) => c.faqs.map((faq, position) => ({ courseId: c.id, ...faq, position })));
  for (const batch of batches(rows)) await tx.insert(courseFaqs).values(batch);
  result.inserted = rows.length;
  return result;
}

/**
 * Loads a content file in one transaction, upserting by id. A course's modules, sections, FAQs and
 * pack items become exactly the file's; courses missing from the file are left alone (unpublish
 * them with "published": false). Throws ContentFileError, naming paths, before writing anything.
 */
export async function importContent(
  db: Database | Tx,
  document: unknown,
  options: ImportOptions = {},
): Promise<ImportResult> {
  const file = parseContentFile(document);
  const rows = catalogueRows(file, argentinaDate(options.today ?? new Date()));
  const courseIds = file.courses.map((c) => c.id);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${importLockKey})`);
    await checkReferences(tx, file);
    const result: ImportResult = {
      categories: await upsert(
        tx,
        contentCategories,
        [contentCategories.code],
        withSortOrder(file.categories),
      ),
      levels: await upsert(tx, contentLevels, [contentLevels.code], withSortOrder(file.levels)),
      tags: await upsert(tx, contentTags, [contentTags.code], rows.tags),
      suggestedFilters: await upsert(
        tx,
        suggestedFilters,
        [suggestedFilters.value],
        withSortOrder(file.suggestedFilters),
      ),
      plans: await upsert(tx, subscriptionPlans, [subscriptionPlans.id], file.plans),
      courses: await upsert(tx, courses, [courses.id], rows.courses, { updatedAt: sql`now()` }),
      modules: await upsert(tx, courseModules, [courseModules.id], rows.modules),
      sections: await upsert(tx, courseSections, [courseSections.id], rows.sections),
      faqs: await syncFaqs(tx, file, courseIds),
      packItems: await syncPackItems(tx, file, courseIds),
    };
    // Sections first: one moved into another module must not go down with its old module.
    const ids = (list: { id: string }[]) => list.map((row) => row.id);
    result.sections.deleted = await deleteUnlisted(tx, courseSections, courseIds, ids(rows.sections));
    result.modules.deleted = await deleteUnlisted(tx, courseModules, courseIds, ids(rows.modules));
    await announceContentChange(tx);
    return result;
  });
}

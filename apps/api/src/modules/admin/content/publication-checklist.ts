import type { FieldError } from '@alcancia/contract';
import { and, count, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import { courseModules, courseSections, type courses, packItems } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { AppError } from '../../../errors';

type CourseRow = typeof courses.$inferSelect;
type ChecklistRow = Pick<CourseRow, 'id' | 'kind' | 'thumbnail' | 'categoryCode' | 'levelCode'>;

/** What the content holds, read from its structure now (not from the cached counts). */
export interface ContentStructure {
  modules: number;
  /** classes with their video and materials with their file: what a learner can open */
  playableSections: number;
  /** PACK: the contents it groups */
  packItems: number;
}

type MissingPart = FieldError & { part: string; where: 'cover' | 'data' | 'structure' };

/** Counts the content's modules, its sections with a video or a file, and a pack's contents. */
export async function readContentStructure(db: Db, id: string): Promise<ContentStructure> {
  const [modules] = await db.select({ n: count() }).from(courseModules).where(eq(courseModules.courseId, id));
  const [playable] = await db
    .select({ n: count() })
    .from(courseSections)
    .where(
      and(
        eq(courseSections.courseId, id),
        inArray(courseSections.type, ['CLASS', 'DOWNLOADABLE_MATERIAL']),
        isNotNull(courseSections.sectionUrl),
        ne(sql`trim(${courseSections.sectionUrl})`, ''),
      ),
    );
  const [items] = await db.select({ n: count() }).from(packItems).where(eq(packItems.packId, id));
  return { modules: modules?.n ?? 0, playableSections: playable?.n ?? 0, packItems: items?.n ?? 0 };
}

/**
 * What a content needs before it goes live (issues 29 and 40): a cover, a category and a level, or
 * a learner sees a blank card; and something to open — a course, program or event at least one
 * module and one class with its video or material, a pack at least one content — or she pays for
 * (or opens) an empty page. Each missing part is named on its field of the editor's form.
 */
export function missingForPublication(row: ChecklistRow, structure: ContentStructure) {
  const missing: MissingPart[] = [];
  if (!row.thumbnail?.trim())
    missing.push({ path: 'thumbnail', message: 'Falta la portada.', part: 'la portada', where: 'cover' });
  if (!row.categoryCode)
    missing.push({ path: 'category', message: 'Falta la categoría.', part: 'la categoría', where: 'data' });
  if (!row.levelCode)
    missing.push({ path: 'level', message: 'Falta el nivel.', part: 'el nivel', where: 'data' });
  if (row.kind === 'PACK') {
    if (structure.packItems === 0)
      missing.push({
        path: 'items',
        message: 'Falta al menos un contenido en el pack.',
        part: 'un contenido en el pack',
        where: 'data',
      });
    return missing;
  }
  if (structure.modules === 0)
    missing.push({
      path: 'modules',
      message: 'Falta al menos un módulo.',
      part: 'un módulo',
      where: 'structure',
    });
  if (structure.playableSections === 0)
    missing.push({
      path: 'sections',
      message: 'Falta al menos una clase con su video o material.',
      part: 'una clase con su video o material',
      where: 'structure',
    });
  return missing;
}

const spanishList = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;

/** Where each part is filled in: «Portada» (decision 0118), «Datos» (saved), «Módulos y secciones». */
function whereToFill(missing: MissingPart[]): string {
  const paths = new Set(missing.map((m) => m.path));
  const steps: string[] = [];
  if (paths.has('thumbnail')) steps.push('subí la portada en «Portada»');
  if (missing.some((m) => m.where === 'data')) steps.push('completá «Datos» y guardá');
  if (paths.has('modules'))
    steps.push('agregá un módulo con una clase (su video o material) en «Módulos y secciones»');
  else if (paths.has('sections'))
    steps.push('agregá una clase con su video o material en «Módulos y secciones»');
  const sentence = steps.join('; ');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}.`;
}

/**
 * 409 COURSE_INCOMPLETE naming what is missing, before a publication now or a scheduled one. Call
 * it inside the transaction that locked the course row: modules and sections are read there.
 */
export async function checkPublishable(db: Db, row: ChecklistRow): Promise<void> {
  const missing = missingForPublication(row, await readContentStructure(db, row.id));
  if (missing.length === 0) return;
  throw new AppError(
    'COURSE_INCOMPLETE',
    409,
    `Para publicarlo falta ${spanishList(missing.map((m) => m.part))}. ${whereToFill(missing)}`,
    missing.map(({ path, message }) => ({ path, message })),
  );
}

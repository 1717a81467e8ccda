import type { FieldError } from '@alcancia/contract';
import type { courses } from '../../../db/schema';
import { AppError } from '../../../errors';

type CourseRow = typeof courses.$inferSelect;

/**
 * What a content needs before it goes live (issue 29): a cover, a category and a level, or a
 * learner sees a blank card. Each missing part is named on its field of the editor's form.
 */
export function missingForPublication(row: Pick<CourseRow, 'thumbnail' | 'categoryCode' | 'levelCode'>) {
  const missing: (FieldError & { part: string })[] = [];
  if (!row.thumbnail?.trim())
    missing.push({ path: 'thumbnail', message: 'Falta la portada.', part: 'la portada' });
  if (!row.categoryCode)
    missing.push({ path: 'category', message: 'Falta la categoría.', part: 'la categoría' });
  if (!row.levelCode) missing.push({ path: 'level', message: 'Falta el nivel.', part: 'el nivel' });
  return missing;
}

const spanishList = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;

/** 409 COURSE_INCOMPLETE naming what is missing, before a publication now or a scheduled one. */
export function checkPublishable(row: Pick<CourseRow, 'thumbnail' | 'categoryCode' | 'levelCode'>): void {
  const missing = missingForPublication(row);
  if (missing.length === 0) return;
  // Where each part is filled in: the cover is uploaded in «Portada» (decision 0118), the rest is
  // typed in «Datos» and saved.
  const cover = missing.some((m) => m.path === 'thumbnail');
  const data = missing.some((m) => m.path !== 'thumbnail');
  const where =
    cover && data
      ? 'Subí la portada en «Portada» y completá el resto en «Datos» (guardá al terminar).'
      : cover
        ? 'Subila en «Portada».'
        : 'Completalo en «Datos» y guardá.';
  throw new AppError(
    'COURSE_INCOMPLETE',
    409,
    `Para publicarlo falta ${spanishList(missing.map((m) => m.part))}. ${where}`,
    missing.map(({ path, message }) => ({ path, message })),
  );
}

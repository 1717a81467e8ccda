import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { type courseModules, type courseSections, courses } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { AppError } from '../../../errors';
import type { ContentCourseDocument } from '../../academy/export-content';
import { markNoChange } from '../core/audit';
import { loadAdminCourse, newContentId } from './course-documents';

/**
 * The options of a content route: its schema (summary, params, body, response) with what every
 * content route declares — the admin tag, the bearer session and permission `content`.
 */
export const contentRoute = <S extends object>(schema: S) => ({
  schema: { tags: ['admin'], security: [{ bearerAuth: [] }], ...schema },
  config: { permission: 'content' as const },
});

type ModuleDocument = ContentCourseDocument['modules'][number];
export type SectionDocument = ModuleDocument['sections'][number];

/** Orders are positions: 1..n after every change. */
export function renumber(document: ContentCourseDocument): ContentCourseDocument {
  document.modules.forEach((m, i) => {
    m.order = i + 1;
    m.sections.forEach((s, j) => {
      s.order = j + 1;
    });
  });
  return document;
}

export const moduleOf = (document: ContentCourseDocument, moduleId: string): ModuleDocument => {
  const found = document.modules.find((m) => m.id === moduleId);
  if (!found) throw AppError.notFound('No existe ese módulo en este contenido.');
  return found;
};

export const sectionOf = (document: ContentCourseDocument, sectionId: string) => {
  for (const m of document.modules) {
    const index = m.sections.findIndex((s) => s.id === sectionId);
    if (index >= 0) return { module: m, index, section: m.sections[index] as SectionDocument };
  }
  throw AppError.notFound('No existe esa sección en este contenido.');
};

/** The same ids, each once, in a new order. */
export function reorder<T extends { id: string }>(list: T[], ids: string[], what: string): T[] {
  const byId = new Map(list.map((item) => [item.id, item]));
  if (ids.length !== list.length || new Set(ids).size !== ids.length || ids.some((id) => !byId.has(id))) {
    throw AppError.invalidData(
      [{ path: what, message: `Mandá cada ${what === 'moduleIds' ? 'módulo' : 'sección'} una sola vez.` }],
      'El orden no coincide con el contenido actual: recargá la página.',
    );
  }
  return ids.map((id) => byId.get(id) as T);
}

/** Section fields from the request: null clears, undefined keeps. */
export function sectionFields(
  section: SectionDocument,
  input: {
    name?: string | undefined;
    type?: string | undefined;
    duration?: number | undefined;
    sectionUrl?: string | null | undefined;
    mimeType?: string | null | undefined;
    fileExtension?: string | null | undefined;
  },
): SectionDocument {
  const next: Record<string, unknown> = { ...section };
  for (const key of ['name', 'type', 'duration', 'sectionUrl', 'mimeType', 'fileExtension'] as const) {
    const value = input[key];
    if (value === undefined) continue;
    if (value === null) delete next[key];
    else next[key] = value;
  }
  return next as unknown as SectionDocument;
}

/**
 * The id of a new module or section: the one asked for, or a fresh one from `prefix`. A taken id
 * is refused (ids are unique across all contents).
 */
export async function newPartId(
  db: Db,
  table: typeof courseModules | typeof courseSections,
  asked: string | undefined,
  prefix: string,
  takenMessage: string,
): Promise<string> {
  const id = asked ?? newContentId(prefix);
  const taken = (await db.select({ id: table.id }).from(table).where(eq(table.id, id))).length > 0;
  if (taken) throw AppError.invalidData([{ path: 'id', message: takenMessage }]);
  return id;
}

/** Locks the course's row for the caller's transaction; 404 when there is no such content. */
export async function lockCourse(tx: Db, id: string): Promise<typeof courses.$inferSelect> {
  const [row] = await tx.select().from(courses).where(eq(courses.id, id)).for('update');
  if (!row) throw AppError.notFound('No existe ese contenido.');
  return row;
}

/** A change that turned out to change nothing (a replayed click): no write, no audit entry. */
export async function unchangedCourse(tx: Db, request: FastifyRequest, id: string) {
  markNoChange(request);
  return loadAdminCourse(tx, id);
}

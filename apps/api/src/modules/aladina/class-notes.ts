import { type ClassNote, type CreateClassNoteRequest, classMomentHref } from '@alcancia/contract/aladina';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { classNotes, courseSections, courses } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { AppError } from '../../errors';
import { isAccessible, loadViewer } from '../academy/viewer';
import { maskPersonalData } from './personal-data';

/**
 * Her private notes at a moment of a class (issue 42). Every read and write is hers: the owner is
 * the session's user, never a field of the request, and another learner's note is answered as
 * one that does not exist (404). A note is written only on a class of a course she may watch.
 */

const noteNotFound = () => AppError.notFound('No encontramos esa nota.');

const selection = {
  id: classNotes.id,
  courseId: classNotes.courseId,
  courseName: courses.name,
  sectionId: classNotes.sectionId,
  sectionName: courseSections.name,
  atSeconds: classNotes.atSeconds,
  body: classNotes.body,
  createdAt: classNotes.createdAt,
  updatedAt: classNotes.updatedAt,
};

type NoteRow = {
  id: string;
  courseId: string;
  courseName: string;
  sectionId: string;
  sectionName: string;
  atSeconds: number;
  body: string;
  createdAt: Date;
  updatedAt: Date;
};

const toNote = (row: NoteRow): ClassNote => ({
  ...row,
  href: classMomentHref(row.courseId, row.sectionId, row.atSeconds),
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

/**
 * Hers: of one course in class order and moment, or all of them newest first; with `q`, those
 * holding it (accents and case folded, trigram-indexed).
 */
export async function listNotes(
  db: Db,
  userId: string,
  filter: { courseId?: string | undefined; q?: string | undefined },
): Promise<ClassNote[]> {
  const conditions = [eq(classNotes.userId, userId)];
  if (filter.courseId) conditions.push(eq(classNotes.courseId, filter.courseId));
  const q = filter.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`aladina_unaccent(${classNotes.body}) like aladina_unaccent(${pattern})`);
  }
  const rows = await db
    .select(selection)
    .from(classNotes)
    .innerJoin(courses, eq(courses.id, classNotes.courseId))
    .innerJoin(courseSections, eq(courseSections.id, classNotes.sectionId))
    .where(and(...conditions))
    .orderBy(
      ...(filter.courseId
        ? [asc(courseSections.order), asc(classNotes.sectionId), asc(classNotes.atSeconds)]
        : [desc(classNotes.updatedAt)]),
    )
    .limit(500);
  return rows.map(toNote);
}

/** A note at her current moment of a class she may watch. */
export async function createNote(
  db: Database,
  userId: string,
  input: CreateClassNoteRequest,
): Promise<ClassNote> {
  const [section] = await db
    .select({
      courseId: courseSections.courseId,
      type: courseSections.type,
      kind: courses.kind,
      isFree: courses.isFree,
      published: courses.published,
    })
    .from(courseSections)
    .innerJoin(courses, eq(courses.id, courseSections.courseId))
    .where(and(eq(courseSections.id, input.sectionId), eq(courseSections.courseId, input.courseId)));
  if (!section?.published || section.type !== 'CLASS') {
    throw AppError.notFound('No encontramos esa clase.');
  }
  const viewer = await loadViewer(db, userId);
  if (!isAccessible({ id: input.courseId, kind: section.kind, isFree: section.isFree }, viewer)) {
    throw AppError.forbidden('Solo podés tomar notas en las clases que podés ver.');
  }
  const [created] = await db
    .insert(classNotes)
    .values({
      userId,
      courseId: input.courseId,
      sectionId: input.sectionId,
      atSeconds: input.atSeconds,
      body: maskPersonalData(input.body),
    })
    .returning({ id: classNotes.id });
  if (!created) throw new Error('note not stored');
  return getNote(db, userId, created.id);
}

async function getNote(db: Db, userId: string, id: string): Promise<ClassNote> {
  const [row] = await db
    .select(selection)
    .from(classNotes)
    .innerJoin(courses, eq(courses.id, classNotes.courseId))
    .innerJoin(courseSections, eq(courseSections.id, classNotes.sectionId))
    .where(and(eq(classNotes.id, id), eq(classNotes.userId, userId)));
  if (!row) throw noteNotFound();
  return toNote(row);
}

export async function updateNote(db: Database, userId: string, id: string, body: string): Promise<ClassNote> {
  const updated = await db
    .update(classNotes)
    .set({ body: maskPersonalData(body), updatedAt: sql`now()` })
    .where(and(eq(classNotes.id, id), eq(classNotes.userId, userId)))
    .returning({ id: classNotes.id });
  if (updated.length === 0) throw noteNotFound();
  return getNote(db, userId, id);
}

export async function deleteNote(db: Database, userId: string, id: string): Promise<void> {
  const deleted = await db
    .delete(classNotes)
    .where(and(eq(classNotes.id, id), eq(classNotes.userId, userId)))
    .returning({ id: classNotes.id });
  if (deleted.length === 0) throw noteNotFound();
}

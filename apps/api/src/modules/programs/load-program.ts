import { programErrorMessages } from '@alcancia/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../errors';
import { type CourseStructure, getCourseStructure } from '../academy/course-structure';

export type ProgramStructure = CourseStructure & {
  course: CourseStructure['course'] & { kind: 'PROGRAM' | 'PACK' };
};

export const programNotFound = () => new AppError('NOT_FOUND', 404, programErrorMessages.NOT_FOUND);

/** What a bought program or pack is filed under in the user's purchases (GET /users). */
export const productTypeOf = (kind: 'PROGRAM' | 'PACK') => (kind === 'PACK' ? 'packs' : 'programs');

/**
 * A published PROGRAM or PACK with its modules (the academy's cached structure), or the preview's
 * errors: NOT_FOUND for an unknown or unpublished id, NOT_PROGRAM for a course or an event.
 */
export async function loadProgram(db: Database, programId: string): Promise<ProgramStructure> {
  const structure = await getCourseStructure(db, programId);
  if (!structure) throw programNotFound();
  const { kind } = structure.course;
  if (kind !== 'PROGRAM' && kind !== 'PACK') {
    throw new AppError('NOT_PROGRAM', 400, programErrorMessages.NOT_PROGRAM);
  }
  return structure as ProgramStructure;
}

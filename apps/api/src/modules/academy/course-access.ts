import { AppError } from '../../errors';
import type { CourseStructure } from './course-structure';
import { isAccessible, type Viewer } from './viewer';

export const courseNotFound = () => AppError.notFound('El curso ingresado no existe');

/**
 * Refuses a course the viewer may not open, with the internalCode that tells the web where to
 * send her: programs and packs must be bought, other content needs a subscription.
 */
export function assertCourseAccess(structure: CourseStructure, viewer: Viewer): void {
  if (isAccessible(structure.course, viewer)) return;
  if (structure.course.kind === 'PROGRAM' || structure.course.kind === 'PACK') {
    throw new AppError('PURCHASE_REQUIRED', 403, 'Este programa es para quienes lo compraron.');
  }
  throw new AppError('SUBSCRIPTION_REQUIRED', 403, 'Este contenido es para suscriptoras.');
}

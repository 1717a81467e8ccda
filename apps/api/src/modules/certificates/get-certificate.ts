import type { certificateQuerySchema } from '@alcancia/contract';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema';
import { AppError } from '../../errors';
import { isAccessible, loadViewer } from '../academy/viewer';
import { issueCertificate } from './issue-certificate';
import { renderCertificate } from './render-certificate';

type IssuedCertificate = Awaited<ReturnType<typeof issueCertificate>>;

/**
 * Issued certificates never change, so their images are kept for repeated downloads: rendering
 * costs a few hundred milliseconds of CPU. A small bound keeps memory flat (about 100 KB each).
 */
const maxCachedImages = 64;

/** A certificate's PNG, rendered once per certificate and kept (the app's own cache). */
export function certificateImages(publicUrl: string) {
  const images = new Map<string, Buffer>();
  return async (certificate: IssuedCertificate): Promise<Buffer> => {
    const cached = images.get(certificate.id);
    if (cached) return cached;
    const png = await renderCertificate({
      ...certificate,
      // a page anyone can open (an employer), in Spanish; it reads GET /api/certificates/{id}
      verifyUrl: `${publicUrl}/certificados/${certificate.id}`,
    });
    if (images.size >= maxCachedImages) images.delete(images.keys().next().value as string);
    images.set(certificate.id, png);
    return png;
  };
}

/**
 * GET /academy/certificate?course_id&send_by_email=false&type=standard — her certificate of a
 * published course she may open (issued on first download, once she completed it) and its PNG.
 */
export async function getCertificate(
  db: Database,
  imageOf: ReturnType<typeof certificateImages>,
  userId: string,
  { course_id: courseId, send_by_email: sendByEmail }: z.infer<typeof certificateQuerySchema>,
): Promise<{ certificate: IssuedCertificate; png: Buffer }> {
  if (sendByEmail === 'true') {
    throw new AppError(
      'CERTIFICATE_EMAIL_NOT_SUPPORTED',
      400,
      'No enviamos certificados por correo: descargalo desde el curso.',
    );
  }
  const [course] = await db
    .select({ id: courses.id, name: courses.name, kind: courses.kind, isFree: courses.isFree })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.published, true)));
  if (!course) throw AppError.notFound('El curso ingresado no existe');
  if (!isAccessible(course, await loadViewer(db, userId))) {
    throw course.kind === 'PROGRAM' || course.kind === 'PACK'
      ? new AppError('PURCHASE_REQUIRED', 403, 'Este programa es para quienes lo compraron.')
      : new AppError('SUBSCRIPTION_REQUIRED', 403, 'Este contenido es para suscriptoras.');
  }
  const certificate = await issueCertificate(db, userId, course);
  return { certificate, png: await imageOf(certificate) };
}

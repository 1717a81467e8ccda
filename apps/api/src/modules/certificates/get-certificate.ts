import { certificateQuerySchema } from '@alcancia/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { courses } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { contentDisposition } from '../../providers/storage/content-disposition';
import { isAccessible, loadViewer } from '../academy/viewer';
import { issueCertificate } from './issue-certificate';
import { renderCertificate } from './render-certificate';

/**
 * Issued certificates never change, so their images are kept for repeated downloads: rendering
 * costs a few hundred milliseconds of CPU. A small bound keeps memory flat (about 100 KB each).
 */
const maxCachedImages = 64;

/** GET /academy/certificate?course_id&send_by_email=false&type=standard — the PNG certificate. */
export const getCertificateRoute: FastifyPluginAsyncZod = async (app) => {
  const images = new Map<string, Buffer>();
  const imageOf = async (certificate: Awaited<ReturnType<typeof issueCertificate>>) => {
    const cached = images.get(certificate.id);
    if (cached) return cached;
    const png = await renderCertificate({
      ...certificate,
      // a page anyone can open (an employer), in Spanish; it reads GET /api/certificates/{id}
      verifyUrl: `${app.config.publicUrl}/certificados/${certificate.id}`,
    });
    if (images.size >= maxCachedImages) images.delete(images.keys().next().value as string);
    images.set(certificate.id, png);
    return png;
  };

  app.get(
    '/academy/certificate',
    {
      schema: {
        tags: ['certificates'],
        summary: 'Certificado del curso (imagen PNG)',
        security: [{ bearerAuth: [] }],
        querystring: certificateQuerySchema,
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const { course_id: courseId, send_by_email: sendByEmail } = request.query;
      if (sendByEmail === 'true') {
        throw new AppError(
          'CERTIFICATE_EMAIL_NOT_SUPPORTED',
          400,
          'No enviamos certificados por correo: descargalo desde el curso.',
        );
      }
      const [course] = await app.db
        .select({ id: courses.id, name: courses.name, kind: courses.kind, isFree: courses.isFree })
        .from(courses)
        .where(and(eq(courses.id, courseId), eq(courses.published, true)));
      if (!course) throw AppError.notFound('El curso ingresado no existe');
      if (!isAccessible(course, await loadViewer(app.db, userId))) {
        throw course.kind === 'PROGRAM' || course.kind === 'PACK'
          ? new AppError('PURCHASE_REQUIRED', 403, 'Este programa es para quienes lo compraron.')
          : new AppError('SUBSCRIPTION_REQUIRED', 403, 'Este contenido es para suscriptoras.');
      }

      const certificate = await issueCertificate(app.db, userId, course);
      const png = await imageOf(certificate);
      return (
        reply
          .type('image/png')
          .header(
            'content-disposition',
            contentDisposition('attachment', `${certificate.courseName}_certificado.png`),
          )
          .header('cache-control', 'private, no-cache')
          // the code printed on it, for the app to show or link to its verification page
          .header('x-certificate-id', certificate.id)
          .send(png)
      );
    },
  );
};

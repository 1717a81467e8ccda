import { signedFileQuerySchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { contentDisposition } from '../../providers/storage/content-disposition';
import { isValidFileKey, materialContentType } from '../../providers/storage/file-keys';
import { LocalFileStorage } from '../../providers/storage/local-file-storage';
import { fileKeyFromPath, fileKeyParamsSchema } from './file-key-param';

const invalidSignature = () =>
  new AppError(
    'INVALID_FILE_SIGNATURE',
    403,
    'El enlace del archivo no es válido. Volvé a abrir el material.',
  );
const expired = () =>
  new AppError('FILE_URL_EXPIRED', 403, 'El enlace del archivo venció. Volvé a abrir el material.');

/**
 * The policy of a served file (decision 0263): nothing loads, nothing runs, no form, and the
 * document is sandboxed (an opaque origin: whatever a file holds cannot read the academy's
 * storage or call its API with her cookies). Inline styles and same-origin or data: images are
 * what a browser's own PDF viewer page uses; Chromium shows a PDF opened in a tab under it, and
 * the course viewer reads PDFs with pdf.js under the page's policy, not this one.
 */
export const servedFileContentSecurityPolicy =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; object-src 'none'; " +
  "base-uri 'none'; form-action 'none'; frame-ancestors 'self'; sandbox";

/**
 * GET /files/{fileKey}?expires&name&signature[&download=1] — the local driver's signed URLs. No
 * token: the signature is the permission, so links work in a new tab, an <a download> or a viewer.
 */
export const serveSignedFileRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/*',
    {
      schema: {
        tags: ['files'],
        summary: 'Archivo por URL firmada (almacenamiento local)',
        params: fileKeyParamsSchema,
        querystring: signedFileQuerySchema,
      },
    },
    async (request, reply) => {
      const storage = app.fileStorage;
      // With S3 the URLs point at the bucket; this route has nothing to serve.
      if (!(storage instanceof LocalFileStorage)) throw AppError.notFound('No encontramos ese archivo.');
      const key = fileKeyFromPath(request.params['*']);
      const { expires, name, signature, download } = request.query;
      if (!isValidFileKey(key)) throw invalidSignature();

      const verdict = storage.verify(key, { expires, name, signature });
      if (verdict === 'invalid') throw invalidSignature();
      if (verdict === 'expired') throw expired();

      const file = await storage.read(key);
      if (!file) throw AppError.notFound('No encontramos ese archivo.');
      const attachment = download === '1' || download === 'true';
      return reply
        .header('content-security-policy', servedFileContentSecurityPolicy)
        .header('content-type', materialContentType(key) ?? 'application/octet-stream')
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition(attachment ? 'attachment' : 'inline', name))
        .header('cache-control', 'private, max-age=300')
        .header('x-content-type-options', 'nosniff')
        .send(file.body);
    },
  );
};

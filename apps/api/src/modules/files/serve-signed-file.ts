import type { signedFileQuerySchema } from '@alcancia/contract';
import type { z } from 'zod';
import { AppError } from '../../errors';
import { isValidFileKey, materialContentType } from '../../providers/storage/file-keys';
import type { FileStorage } from '../../providers/storage/file-storage';
import { LocalFileStorage } from '../../providers/storage/local-file-storage';
import { fileKeyFromPath } from './file-key-param';

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
 * The file, its content type and whether it goes as an attachment.
 */
export async function readSignedFile(
  storage: FileStorage,
  path: string,
  { expires, name, signature, download }: z.infer<typeof signedFileQuerySchema>,
) {
  // With S3 the URLs point at the bucket; this route has nothing to serve.
  if (!(storage instanceof LocalFileStorage)) throw AppError.notFound('No encontramos ese archivo.');
  const key = fileKeyFromPath(path);
  if (!isValidFileKey(key)) throw invalidSignature();

  const verdict = storage.verify(key, { expires, name, signature });
  if (verdict === 'invalid') throw invalidSignature();
  if (verdict === 'expired') throw expired();

  const file = await storage.read(key);
  if (!file) throw AppError.notFound('No encontramos ese archivo.');
  return {
    file,
    contentType: materialContentType(key) ?? 'application/octet-stream',
    attachment: download === '1' || download === 'true',
  };
}

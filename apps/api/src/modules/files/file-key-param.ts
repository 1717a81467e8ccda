import { z } from 'zod';
import { AppError } from '../../errors';

/** The rest of the path after the route prefix; a file key may contain slashes. */
export const fileKeyParamsSchema = z.object({ '*': z.string().max(1000) });

/**
 * A key arrives as `materiales/guia.pdf` or URL-encoded as one segment (`materiales%2Fguia.pdf`,
 * what `encodeURIComponent(key)` gives). Decoding twice is harmless: valid keys hold no `%`.
 */
export function fileKeyFromPath(raw: string): string {
  let key = raw;
  try {
    if (key.includes('%')) key = decodeURIComponent(key);
  } catch {
    throw AppError.notFound('No encontramos ese archivo.');
  }
  return key.replace(/^\/+/, '');
}

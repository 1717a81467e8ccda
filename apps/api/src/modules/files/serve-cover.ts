import { AppError } from '../../errors';
import type { FileStorage } from '../../providers/storage/file-storage';
import { coverNamePattern, coverPrefix } from './cover-names';

const coverTypes: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/**
 * /media/portadas/{hash}.{ext}: a cover uploaded in the back office (decision 0118), from the
 * configured storage, with its content type. Unsigned, as catalogue covers are public; its name is
 * its content's hash, so the route lets it be cached for a year.
 */
export async function readCover(storage: FileStorage, name: string) {
  if (!coverNamePattern.test(name)) throw AppError.notFound('El archivo solicitado no existe.');
  const file = await storage.read(`${coverPrefix}${name}`);
  if (!file) throw AppError.notFound('El archivo solicitado no existe.');
  return { file, contentType: coverTypes[name.split('.').pop() as string] };
}

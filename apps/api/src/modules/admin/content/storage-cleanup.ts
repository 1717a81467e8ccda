import { eq, like, lt, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { courseSections, uploadLocks, videoPackagings } from '../../../db/schema';
import { hlsFolderOf } from './hls-packaging';
import { createDatastore, sectionUrlOf } from './upload-routes';

/**
 * The daily clean-up of abandoned media (decision 84), for both storage drivers. An editor who
 * uploads a video or material and never attaches it to a section, or replaces it, leaves it in the
 * storage; so does an upload given up half-way. This job deletes:
 *
 * - uploads under subidas/ that no section references, once they are 7 days old (an upload being
 *   attached right now is days younger), with their tus info file and, for a video, its HLS
 *   folder and its video_packagings row;
 * - unfinished tus uploads older than 2 days, with the tus store's own `deleteExpired` (the S3
 *   store aborts their multipart uploads; the file store deletes the partial file);
 * - upload leases (decision 85) past their expiry: a process that died holding one leaves it, and
 *   only a new lock of the same upload would otherwise replace it.
 */

/** How old an unreferenced upload must be before it goes. */
export const abandonedAfterMs = 7 * 24 * 60 * 60 * 1000;

const uploadKey = /^subidas\/(videos|materiales)\/[0-9a-f]{32}\.(mp4|pdf|xlsx)$/;
/** What the tus stores keep beside an upload: its info (file store `.json`, S3 store `.info`) and an S3 incomplete part. */
const companions = ['.json', '.info', '.part'];

export interface StorageCleanupResult {
  /** uploads deleted because no section uses them */
  removedUploads: number;
  /** files deleted with them: the uploads, their info files, their HLS segments and playlists */
  removedFiles: number;
  /** unfinished tus uploads past their expiry, deleted by the store */
  expiredUploads: number;
  /** upload leases past their expiry (their holder died) */
  expiredLeases: number;
}

export async function cleanUpStorage(app: FastifyInstance, now = Date.now()): Promise<StorageCleanupResult> {
  const datastore = await createDatastore(app);
  const expiredUploads = await datastore.deleteExpired();

  const referenced = new Set(
    (
      await app.db
        .select({ url: courseSections.sectionUrl })
        .from(courseSections)
        .where(
          or(
            like(courseSections.sectionUrl, '/media/subidas/%'),
            like(courseSections.sectionUrl, 'subidas/%'),
          ),
        )
    ).map((row) => row.url),
  );
  const files = await app.fileStorage.list('subidas/');
  const keys = new Set(files.map((file) => file.key));
  const cutoff = now - abandonedAfterMs;
  let removedUploads = 0;
  let removedFiles = 0;
  for (const file of files) {
    if (!uploadKey.test(file.key) || referenced.has(sectionUrlOf(file.key))) continue;
    if (file.lastModified.getTime() > cutoff) continue;
    const folder = hlsFolderOf(file.key);
    const stream = folder
      ? files.filter((other) => other.key.startsWith(folder)).map((other) => other.key)
      : [];
    const beside = companions.map((suffix) => `${file.key}${suffix}`).filter((key) => keys.has(key));
    // The upload itself last: a run that stops half-way finds it again and finishes the job.
    for (const key of [...stream, ...beside, file.key]) {
      await app.fileStorage.remove(key);
      removedFiles++;
    }
    if (folder) await app.db.delete(videoPackagings).where(eq(videoPackagings.videoKey, file.key));
    removedUploads++;
  }
  const expiredLeases = (
    await app.db
      .delete(uploadLocks)
      .where(lt(uploadLocks.expiresAt, new Date(now)))
      .returning({ uploadId: uploadLocks.uploadId })
  ).length;
  const result = { removedUploads, removedFiles, expiredUploads, expiredLeases };
  app.log.info(result, 'storage clean-up: abandoned uploads removed');
  return result;
}

import { or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { courses } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { coverKeyOf } from '../../files/cover-names';

/**
 * Replaced covers leave the storage (decision 0185). A cover is stored as `portadas/{hash}.{ext}`
 * (decision 0118): the same image uploaded for two contents is one file, so a cover goes only
 * when no content points at it any more (its `thumbnail` or `thumbnailAlternative`).
 *
 * An upload and a removal of the same name take turns on a transaction-scoped advisory lock: the
 * upload holds it from writing the file until its transaction commits the address, the removal
 * from looking for references until the file is gone. So a removal never deletes a file an
 * upload is about to point at, and an upload after a removal writes the file again.
 */

export { coverKeyOf, coverNamePattern, coverPrefix } from '../../files/cover-names';

/** Holds the cover `key` for the rest of the transaction (uploads and removals of it take turns). */
export async function lockCover(tx: Db, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`cover:${key}`}, 0))`);
}

/**
 * Deletes the stored cover at `address` when no content points at it; to be called once the
 * transaction that stopped pointing at it has committed. Anything else than a stored cover's
 * address is left alone. A storage that fails is logged, not thrown: the change it follows is
 * already saved, and an unused cover costs a few kilobytes. Says whether the file was removed.
 */
export async function removeUnusedCover(
  app: FastifyInstance,
  address: string | null | undefined,
): Promise<boolean> {
  const key = coverKeyOf(address);
  if (!key || !address) return false;
  try {
    return await app.db.transaction(async (tx) => {
      await lockCover(tx, key);
      const [used] = await tx
        .select({ id: courses.id })
        .from(courses)
        .where(or(sql`${courses.thumbnail} = ${address}`, sql`${courses.thumbnailAlternative} = ${address}`))
        .limit(1);
      if (used) return false;
      await app.fileStorage.remove(key);
      app.log.info({ key }, 'cover removed: no content points at it any more');
      return true;
    });
  } catch (error) {
    app.log.warn({ err: error, key }, 'a cover no content points at could not be removed');
    return false;
  }
}

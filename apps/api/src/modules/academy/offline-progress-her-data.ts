import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { offlineProgressEvents } from '../../db/schema';
import type { Tx } from '../../db/transaction';

/**
 * The progress her devices sent from kept classes (issue 44, decision 0361): in her data export
 * under `extras.offlineProgress`, erased with her account. Registered by the composition (app.ts)
 * with account's `registerHerDataPart` (decision 0323).
 */
export const offlineProgressHerData = {
  key: 'offlineProgress',
  async exportRows(db: Database, userId: string): Promise<unknown[]> {
    return db
      .select({
        eventId: offlineProgressEvents.eventId,
        courseId: offlineProgressEvents.courseId,
        sectionId: offlineProgressEvents.sectionId,
        seconds: offlineProgressEvents.seconds,
        outcome: offlineProgressEvents.outcome,
        refusalCode: offlineProgressEvents.refusalCode,
        receivedAt: offlineProgressEvents.receivedAt,
      })
      .from(offlineProgressEvents)
      .where(eq(offlineProgressEvents.userId, userId))
      .orderBy(asc(offlineProgressEvents.receivedAt));
  },
  async erase(tx: Tx, userId: string): Promise<void> {
    await tx.delete(offlineProgressEvents).where(eq(offlineProgressEvents.userId, userId));
  },
};

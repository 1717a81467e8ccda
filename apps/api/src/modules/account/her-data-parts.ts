import type { Database } from '../../db/client';
import type { Tx } from '../../db/transaction';

/**
 * What other modules hold of hers (Aladina's notes and questions, reminders, her finances…): their
 * rows in her data export and their erasure with her account. `account` stands on floor 2 beside
 * those modules and may not import them (decision 0290), so each registers its part here from the
 * composition (app.ts) instead (decision 0323).
 */
export interface HerDataPart {
  /** the export's key under `extras` */
  key: string;
  /** her rows, as stored (no secrets) */
  exportRows(db: Database, userId: string): Promise<unknown[]>;
  /** deletes (or anonymises) them, in the account deletion's transaction */
  erase(tx: Tx, userId: string): Promise<void>;
}

const parts = new Map<string, HerDataPart>();

export function registerHerDataPart(part: HerDataPart): void {
  parts.set(part.key, part);
}

export function herDataParts(): HerDataPart[] {
  return [...parts.values()];
}

/** Every part's rows, by key. */
export async function exportHerDataParts(db: Database, userId: string): Promise<Record<string, unknown[]>> {
  const entries = await Promise.all(
    herDataParts().map(async (part) => [part.key, await part.exportRows(db, userId)] as const),
  );
  return Object.fromEntries(entries);
}

export async function eraseHerDataParts(tx: Tx, userId: string): Promise<void> {
  for (const part of herDataParts()) await part.erase(tx, userId);
}

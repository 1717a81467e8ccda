import { promoCodes } from '../../db/schema';
import type { Db } from '../../db/transaction';

/** Program promo codes of the demo (listed in the README): one gives a program away, one discounts any. */
export const demoProgramPromoCodes: (typeof promoCodes.$inferInsert)[] = [
  {
    code: 'DEUDAS100',
    type: 'PROGRAM_FREE',
    description: 'El Programa Chau Deudas de regalo',
    programIds: ['programa-chau-deudas'],
  },
  {
    code: 'PROGRAMA25',
    type: 'PROGRAM_DISCOUNT',
    description: '25 % en cualquier programa o pack',
    discountPercent: 25,
  },
];

/** Idempotent: an existing code (by its case-insensitive unique key) is left as it is. */
export async function seedDemoProgramPromoCodes(tx: Db): Promise<void> {
  await tx.insert(promoCodes).values(demoProgramPromoCodes).onConflictDoNothing();
}

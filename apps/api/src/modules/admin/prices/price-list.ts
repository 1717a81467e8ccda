import { duplicateFrequencyMessage, type UpdatePlanPricesRequest } from '@alcancia/contract/admin';
import type { providerPlans } from '../../../db/schema';
import { AppError } from '../../../errors';

type PriceRow = typeof providerPlans.$inferSelect;
type PriceInput = UpdatePlanPricesRequest['prices'][number];

/** What a card subscription of a price row is charged per period (plan-pricing.ts: discount first). */
export const chargedOf = (row: { regularPriceCentavos: number; discountPriceCentavos: number | null }) =>
  row.discountPriceCentavos ?? row.regularPriceCentavos;

export interface PriceRowChange {
  row: PriceRow;
  input: PriceInput;
  /** charged per period before and after */
  from: number;
  to: number;
}

/**
 * A price list against the plan's rows, for the change and its preview alike: each frequency once
 * (the contract refuses a repeated one too; here it is refused whoever calls) and only those the
 * plan is sold with. Returns the rows that change, in the list's order.
 */
export function priceListChanges(rows: PriceRow[], prices: PriceInput[]): PriceRowChange[] {
  const seen = new Set<string>();
  for (const [index, { frequency }] of prices.entries()) {
    if (seen.has(frequency)) {
      throw AppError.invalidData(
        [{ path: `body.prices.${index}.frequency`, message: duplicateFrequencyMessage(frequency) }],
        duplicateFrequencyMessage(frequency),
      );
    }
    seen.add(frequency);
  }
  const changes: PriceRowChange[] = [];
  for (const input of prices) {
    const row = rows.find((r) => r.frequency === input.frequency);
    if (!row) {
      throw new AppError('INVALID_DATA', 400, `El plan no se vende con la frecuencia ${input.frequency}.`, [
        { path: 'prices', message: `Frecuencia desconocida: ${input.frequency}.` },
      ]);
    }
    const sameTrial = JSON.stringify(row.freeTrial ?? null) === JSON.stringify(input.freeTrial);
    if (
      row.regularPriceCentavos === input.regularPrice &&
      row.discountPriceCentavos === input.discountPrice &&
      sameTrial
    )
      continue;
    changes.push({
      row,
      input,
      from: chargedOf(row),
      to: chargedOf({ regularPriceCentavos: input.regularPrice, discountPriceCentavos: input.discountPrice }),
    });
  }
  return changes;
}

import type { DollarRate } from '@alcancia/contract';
import type { ExchangeRates, RateKind } from '../../providers/exchange-rates/exchange-rates';

const names: Record<RateKind, string> = { oficial: 'Oficial', mep: 'MEP', blue: 'Blue', tarjeta: 'Tarjeta' };

/** How long her home waits for the rates (a process's very first read asks the sources). */
export const ratesWaitMs = 300;

/**
 * The day's dollar rates for her home, from the same provider as Mis Cuentas (answered from
 * memory, refreshed in the background). Her home never waits on it: a first read that takes longer
 * than `ratesWaitMs`, or fails, leaves the card out (an empty list) and the next home has them.
 */
export async function dollarRates(rates: ExchangeRates): Promise<DollarRate[]> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => {
    timer = setTimeout(() => resolve(null), ratesWaitMs);
  });
  try {
    const quotes = await Promise.race([rates.current().catch(() => null), late]);
    return (quotes ?? []).map((quote) => ({
      name: names[quote.kind] ?? quote.kind,
      buy: quote.buy === null ? null : Number(quote.buy),
      sell: Number(quote.sell),
      source: quote.source,
      asOf: quote.asOf,
      stale: quote.stale,
    }));
  } finally {
    clearTimeout(timer);
  }
}

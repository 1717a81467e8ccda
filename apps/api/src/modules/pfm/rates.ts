import type { PfmRate, PfmRateKind } from '@alcancia/contract/pfm';
import Decimal from 'decimal.js';
import type { FastifyInstance } from 'fastify';
import type { CachedQuote } from '../../providers/exchange-rates/exchange-rates';
import { herAccountsWithBalances } from './repository';

const shapeRate = (quote: CachedQuote): PfmRate => ({
  kind: quote.kind,
  buy: quote.buy,
  sell: quote.sell,
  source: quote.source,
  asOf: quote.asOf,
  stale: quote.stale,
  ageSeconds: quote.ageSeconds,
});

/** Every rate known now, from the cache (never waits for a slow source past its first read). */
export async function currentRates(app: FastifyInstance) {
  return { rates: (await app.exchangeRates.current()).map(shapeRate) };
}

/** Pesos (centavos) of dollars (cents) at `sell` pesos per dollar, half up. */
export const usdToArs = (cents: number, sell: string) =>
  new Decimal(cents).times(sell).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();
/** Dollars (cents) of pesos (centavos) at `sell` pesos per dollar, half up. */
export const arsToUsd = (centavos: number, sell: string) =>
  new Decimal(centavos).div(sell).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber();

/**
 * Her totals: what her accounts hold per currency, and all of it in pesos and in dollars at the
 * rate she chose (its seller price, decision 0341), with the rate's source and age.
 */
export async function herTotals(app: FastifyInstance, userId: string, kind: PfmRateKind) {
  const [accounts, rate] = await Promise.all([
    herAccountsWithBalances(app.db, userId),
    app.exchangeRates.rate(kind),
  ]);
  const byCurrency = { ARS: 0, USD: 0 };
  for (const account of accounts) byCurrency[account.currency] += account.balanceMinor;
  if (!rate) return { byCurrency, totalArsMinor: null, totalUsdMinor: null, rate: null };
  return {
    byCurrency,
    totalArsMinor: byCurrency.ARS + usdToArs(byCurrency.USD, rate.sell),
    totalUsdMinor: byCurrency.USD + arsToUsd(byCurrency.ARS, rate.sell),
    rate: shapeRate(rate),
  };
}

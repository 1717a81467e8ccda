import type { FastifyInstance } from 'fastify';
import { type Config, exchangeRatesStandInPrefix } from '../../config';
import { loadSandbox } from '../sandbox';
import { BcraClient } from './bcra-client';
import { CachedExchangeRates, type ExchangeRates } from './exchange-rates';
import { MarketQuotesClient } from './market-quotes-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** exchange rates and the IPC (Mis Cuentas, Novedades): cached, never blocking a page */
    exchangeRates: ExchangeRates;
  }
}

/** The rates behind the interface: the BCRA and a market-quotes API, at the configured hosts. */
export function createExchangeRates(config: Config, log?: FastifyInstance['log']): ExchangeRates {
  const bcra = new BcraClient(config.exchangeRates.bcraUrl);
  return new CachedExchangeRates({
    sources: [bcra, new MarketQuotesClient(config.exchangeRates.quotesUrl)],
    ipcSource: bcra,
    timeoutMs: config.exchangeRates.timeoutMs,
    // the source's name only: never the request's URL or body
    onError: (source, error) =>
      log?.warn(
        { source, reason: error instanceof Error ? error.message : String(error) },
        'exchange-rate source failed',
      ),
  });
}

/** Outside production, the sources' stand-in on the API's own origin (apps/sandbox). */
export async function mountExchangeRatesStandIn(app: FastifyInstance, config: Config): Promise<void> {
  if (config.exchangeRates.mode !== 'stand-in') return;
  const { exchangeRatesStandIn } = await loadSandbox(config);
  await app.register(exchangeRatesStandIn, { prefix: exchangeRatesStandInPrefix });
}

import type { NewsHome } from '@alcancia/contract';
import { type RunningExchangeRatesStandIn, startExchangeRatesStandIn } from '@alcancia/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';

/*
 * Issue 44: her home shows the day's dollar rates from the same provider as Mis Cuentas (the
 * exchange-rate sources' stand-in on a port of its own, reached over HTTP by the real clients).
 */
let rates: RunningExchangeRatesStandIn;
let t: TestApp;
beforeAll(async () => {
  rates = await startExchangeRatesStandIn();
  t = await createTestApp({
    RATE_LIMIT_ENABLED: 'false',
    EXCHANGE_RATES_BCRA_URL: `${rates.url}/bcra`,
    EXCHANGE_RATES_QUOTES_URL: `${rates.url}/dolarapi`,
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  await rates?.close();
});

describe('the day’s dollar rates on her home', () => {
  it('lists the rates Mis Cuentas reads, with their source and date, as numbers', async () => {
    const headers = bearer((await newSession(t.app)).credentials);
    const fromProvider = await t.app.exchangeRates.current(); // what Mis Cuentas reads (warms the provider)
    expect(fromProvider.length).toBeGreaterThan(0);
    const res = await t.app.inject({ method: 'GET', url: '/api/news/home', headers });
    expect(res.statusCode, res.body).toBe(200);
    const home = res.json() as NewsHome;
    expect(home.rates.map((r) => r.name)).toEqual(
      fromProvider.map((q) => ({ oficial: 'Oficial', mep: 'MEP', blue: 'Blue', tarjeta: 'Tarjeta' })[q.kind]),
    );
    for (const [i, rate] of home.rates.entries()) {
      const quote = fromProvider[i];
      expect(rate.sell).toBe(Number(quote?.sell));
      expect(rate.source).toBe(quote?.source);
      expect(rate.asOf).toBe(quote?.asOf);
      expect(rate.sell).toBeGreaterThan(0);
    }
  });
});

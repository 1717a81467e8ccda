import { type RunningExchangeRatesStandIn, startExchangeRatesStandIn } from '@alcancia/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BcraClient } from './bcra-client';
import { CachedExchangeRates } from './exchange-rates';
import { MarketQuotesClient } from './market-quotes-client';

let standIn: RunningExchangeRatesStandIn;
beforeAll(async () => {
  standIn = await startExchangeRatesStandIn();
});
afterAll(() => standIn?.close());

const signal = () => AbortSignal.timeout(2_000);

describe('the HTTP clients against the stand-in (the real shapes)', () => {
  it('BCRA v4.0: the latest A3500 as the oficial, and the IPC by month', async () => {
    const bcra = new BcraClient(`${standIn.url}/bcra`, () => new Date('2026-11-29T15:00:00Z'));
    const [oficial] = await bcra.fetchQuotes(signal());
    expect(oficial).toMatchObject({
      kind: 'oficial',
      sell: '1421.75',
      buy: null,
      asOf: '2026-11-29T15:00:00-03:00',
    });
    expect(oficial?.source).toContain('Comunicación A 3500');
    standIn.control.ipc['2026-09'] = 2.1;
    standIn.control.ipc['2026-10'] = 2.7;
    const ipc = await bcra.fetchIpc('2026-09', signal());
    expect(ipc).toEqual([
      { month: '2026-09', percent: '2.1' },
      { month: '2026-10', percent: '2.7' },
    ]);
  });

  it('market quotes: MEP from "bolsa", blue and tarjeta, each labelled a market quote', async () => {
    const quotes = await new MarketQuotesClient(`${standIn.url}/dolarapi`).fetchQuotes(signal());
    expect(quotes.map((q) => [q.kind, q.buy, q.sell])).toEqual([
      ['blue', '1430', '1450'],
      ['mep', '1460.5', '1468.25'],
      ['tarjeta', '1826.5', '1891.5'],
    ]);
    expect(quotes[1]?.source).toBe('DolarApi, cotización de mercado (dólar bolsa/MEP)');
  });

  it('a failing source is an error the cache absorbs', async () => {
    standIn.control.failing.quotes = true;
    try {
      await expect(new MarketQuotesClient(`${standIn.url}/dolarapi`).fetchQuotes(signal())).rejects.toThrow(
        '503',
      );
    } finally {
      standIn.control.failing.quotes = false;
    }
  });
});

describe('the cache never blocks a page', () => {
  const build = (now: () => Date, options: { firstWaitMs?: number } = {}) => {
    const bcra = new BcraClient(`${standIn.url}/bcra`);
    return new CachedExchangeRates({
      sources: [bcra, new MarketQuotesClient(`${standIn.url}/dolarapi`)],
      ipcSource: bcra,
      timeoutMs: 2_000,
      refreshAfterMs: 10 * 60_000,
      staleAfterMs: 60 * 60_000,
      firstWaitMs: options.firstWaitMs ?? 1_500,
      now,
    });
  };

  it('a slow source answers from the cache at once, with its age, and is labelled stale when old', async () => {
    let clock = new Date('2026-11-29T12:00:00Z').getTime();
    const rates = build(() => new Date(clock));
    const first = await rates.rate('mep');
    expect(first).toMatchObject({ sell: '1468.25', stale: false, ageSeconds: 0 });

    // two hours later the sources take 3 s to answer and have a new MEP: the page gets the old one at once
    clock += 2 * 3600_000;
    standIn.control.delayMs = 3_000;
    standIn.control.quotes.bolsa = [1500, 1510];
    try {
      const started = performance.now();
      const late = await rates.rate('mep');
      expect(performance.now() - started).toBeLessThan(200);
      expect(late).toMatchObject({ sell: '1468.25', stale: true, ageSeconds: 7200 });
    } finally {
      standIn.control.delayMs = 0;
      standIn.control.quotes.bolsa = [1460.5, 1468.25];
    }
  });

  it('the first read waits at most firstWaitMs, then answers without the slow source', async () => {
    standIn.control.delayMs = 2_500;
    try {
      const rates = build(() => new Date(), { firstWaitMs: 300 });
      const started = performance.now();
      expect(await rates.current()).toEqual([]);
      expect(performance.now() - started).toBeLessThan(1_000);
    } finally {
      standIn.control.delayMs = 0;
    }
  });

  it('a failing source keeps its last values (labelled stale with age) while the other refreshes', async () => {
    let clock = new Date('2026-11-29T12:00:00Z').getTime();
    const rates = build(() => new Date(clock));
    await rates.current();
    standIn.control.failing.bcra = true;
    try {
      clock += 3 * 3600_000;
      await rates.current(); // starts the refresh in the background
      await new Promise((r) => setTimeout(r, 200));
      const after = await rates.current();
      expect(after.find((q) => q.kind === 'oficial')).toMatchObject({
        sell: '1421.75',
        stale: true,
        ageSeconds: 10_800,
      });
      expect(after.find((q) => q.kind === 'mep')).toMatchObject({ stale: false, ageSeconds: 0 });
    } finally {
      standIn.control.failing.bcra = false;
    }
  });
});

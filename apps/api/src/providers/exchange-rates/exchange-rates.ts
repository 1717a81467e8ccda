/*
 * Exchange rates and the IPC for Mis Cuentas and Novedades (issue 43), behind one interface: the
 * BCRA's public statistics API (the oficial A3500 reference, the IPC) and a market-quotes API
 * (MEP, blue, tarjeta). Production points at the real hosts; development, tests and the demo at
 * the stand-in in apps/sandbox (configuration only: create-exchange-rates.ts).
 *
 * Never blocking a page: `current()` answers from memory at once when it has values, refreshing in
 * the background once they are older than `refreshAfterMs`; values older than `staleAfterMs` are
 * labelled stale. Only the very first read waits for the sources, and at most `firstWaitMs`.
 */

export const rateKinds = ['oficial', 'mep', 'blue', 'tarjeta'] as const;
export type RateKind = (typeof rateKinds)[number];

export interface RateQuote {
  kind: RateKind;
  /** pesos per dollar, decimal text as the source gave it */
  buy: string | null;
  sell: string;
  /** who published it, in Spanish, for the screen */
  source: string;
  /** when the source dated it (ISO) */
  asOf: string;
}

/** The IPC's monthly change, in percent (decimal text), for a month YYYY-MM. */
export interface IpcMonth {
  month: string;
  percent: string;
}

/** One outside source: what it knows, fetched now. */
export interface RateSource {
  readonly name: string;
  fetchQuotes(signal: AbortSignal): Promise<RateQuote[]>;
}

export interface IpcSource {
  /** monthly IPC changes from `fromMonth` (YYYY-MM) to the latest published */
  fetchIpc(fromMonth: string, signal: AbortSignal): Promise<IpcMonth[]>;
}

export interface CachedQuote extends RateQuote {
  fetchedAt: Date;
  stale: boolean;
  ageSeconds: number;
}

export interface ExchangeRates {
  /** every rate known, from memory (see above) */
  current(): Promise<CachedQuote[]>;
  /** one rate, or null when no source has answered yet */
  rate(kind: RateKind): Promise<CachedQuote | null>;
  /** the IPC's monthly changes since `fromMonth`, cached like the rates; [] when unknown */
  ipc(fromMonth: string): Promise<{ months: IpcMonth[]; source: string; stale: boolean }>;
}

export interface ExchangeRatesOptions {
  sources: RateSource[];
  ipcSource: IpcSource & { readonly name: string };
  timeoutMs: number;
  refreshAfterMs?: number;
  staleAfterMs?: number;
  firstWaitMs?: number;
  now?: () => Date;
  onError?: (source: string, error: unknown) => void;
}

/** The cache in front of the sources (one per API process). */
export class CachedExchangeRates implements ExchangeRates {
  private readonly quotes = new Map<RateKind, { quote: RateQuote; fetchedAt: Date }>();
  private refreshing: Promise<void> | null = null;
  private lastAttempt = 0;
  private ipcCache: { fromMonth: string; months: IpcMonth[]; fetchedAt: Date } | null = null;
  private readonly refreshAfterMs: number;
  private readonly staleAfterMs: number;
  private readonly firstWaitMs: number;
  private readonly now: () => Date;

  constructor(private readonly options: ExchangeRatesOptions) {
    this.refreshAfterMs = options.refreshAfterMs ?? 10 * 60_000;
    this.staleAfterMs = options.staleAfterMs ?? 60 * 60_000;
    this.firstWaitMs = options.firstWaitMs ?? 1_500;
    this.now = options.now ?? (() => new Date());
  }

  async current(): Promise<CachedQuote[]> {
    const now = this.now();
    const oldest = Math.min(...[...this.quotes.values()].map((q) => q.fetchedAt.getTime()), now.getTime());
    const due = this.quotes.size < rateKinds.length || now.getTime() - oldest >= this.refreshAfterMs;
    // a failing source is asked again at most every 30 s, not on every page
    if (due && now.getTime() - this.lastAttempt >= 30_000) {
      const refresh = this.refresh();
      if (this.quotes.size === 0) await Promise.race([refresh, delay(this.firstWaitMs)]);
    }
    return rateKinds.flatMap((kind) => {
      const cached = this.quotes.get(kind);
      if (!cached) return [];
      const ageMs = Math.max(0, this.now().getTime() - cached.fetchedAt.getTime());
      return [
        {
          ...cached.quote,
          fetchedAt: cached.fetchedAt,
          stale: ageMs >= this.staleAfterMs,
          ageSeconds: Math.floor(ageMs / 1000),
        },
      ];
    });
  }

  async rate(kind: RateKind): Promise<CachedQuote | null> {
    return (await this.current()).find((q) => q.kind === kind) ?? null;
  }

  async ipc(fromMonth: string): Promise<{ months: IpcMonth[]; source: string; stale: boolean }> {
    const now = this.now();
    const cached = this.ipcCache;
    const fresh =
      cached && cached.fromMonth <= fromMonth && now.getTime() - cached.fetchedAt.getTime() < 6 * 3600_000;
    if (!fresh) {
      try {
        const months = await this.options.ipcSource.fetchIpc(
          fromMonth,
          AbortSignal.timeout(this.options.timeoutMs),
        );
        this.ipcCache = { fromMonth, months, fetchedAt: now };
      } catch (error) {
        this.options.onError?.(this.options.ipcSource.name, error);
      }
    }
    const known = this.ipcCache;
    return {
      months: known ? known.months.filter((m) => m.month >= fromMonth) : [],
      source: this.options.ipcSource.name,
      stale: !known || now.getTime() - known.fetchedAt.getTime() >= 24 * 3600_000,
    };
  }

  /** Asks every source at once (one refresh at a time); a failing source keeps its last values. */
  private refresh(): Promise<void> {
    if (this.refreshing) return this.refreshing;
    this.lastAttempt = this.now().getTime();
    this.refreshing = Promise.all(
      this.options.sources.map(async (source) => {
        try {
          const quotes = await source.fetchQuotes(AbortSignal.timeout(this.options.timeoutMs));
          const fetchedAt = this.now();
          for (const quote of quotes) this.quotes.set(quote.kind, { quote, fetchedAt });
        } catch (error) {
          this.options.onError?.(source.name, error);
        }
      }),
    ).then(
      () => {
        this.refreshing = null;
      },
      () => {
        this.refreshing = null;
      },
    );
    return this.refreshing;
  }
}

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref?.());

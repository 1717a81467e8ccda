import type { IpcMonth, IpcSource, RateQuote, RateSource } from './exchange-rates';

/*
 * The BCRA's public statistics API ("Principales variables", v4.0, no key):
 *   GET {base}/estadisticas/v4.0/monetarias/{idVariable}?desde=YYYY-MM-DD&hasta=YYYY-MM-DD
 *   → { status, metadata, results: [{ idVariable, detalle: [{ fecha, valor }] }] }
 * v3.0 answered `results: [{ idVariable, fecha, valor }]`: both shapes are read.
 */

/** Tipo de Cambio Mayorista ($ por US$), Comunicación A 3500, referencia. */
export const a3500Variable = 5;
/** Inflación mensual (variación en %). */
export const ipcMonthlyVariable = 27;

interface Observation {
  fecha: string;
  valor: number;
}

async function series(
  baseUrl: string,
  variable: number,
  from: string,
  to: string,
  signal: AbortSignal,
): Promise<Observation[]> {
  const url = `${baseUrl}/estadisticas/v4.0/monetarias/${variable}?desde=${from}&hasta=${to}`;
  const response = await fetch(url, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`BCRA answered ${response.status} for variable ${variable}`);
  const body = (await response.json()) as {
    results?: ({ detalle?: Observation[] } & Partial<Observation>)[];
  };
  const observations = (body.results ?? []).flatMap((result) =>
    Array.isArray(result.detalle)
      ? result.detalle
      : result.fecha !== undefined && result.valor !== undefined
        ? [{ fecha: result.fecha, valor: result.valor }]
        : [],
  );
  return observations
    .filter((o) => typeof o.fecha === 'string' && typeof o.valor === 'number' && Number.isFinite(o.valor))
    .sort((a, b) => a.fecha.localeCompare(b.fecha));
}

const isoDay = (at: Date) => at.toISOString().slice(0, 10);

export class BcraClient implements RateSource, IpcSource {
  readonly name = 'BCRA (estadísticas públicas)';

  constructor(
    private readonly baseUrl: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The oficial rate: the latest A3500 reference of the last two weeks. */
  async fetchQuotes(signal: AbortSignal): Promise<RateQuote[]> {
    const today = this.now();
    const from = new Date(today.getTime() - 14 * 86_400_000);
    const observations = await series(this.baseUrl, a3500Variable, isoDay(from), isoDay(today), signal);
    const latest = observations.at(-1);
    if (!latest) return [];
    return [
      {
        kind: 'oficial',
        buy: null,
        sell: String(latest.valor),
        source: 'BCRA, Comunicación A 3500 (referencia mayorista)',
        asOf: `${latest.fecha}T15:00:00-03:00`,
      },
    ];
  }

  async fetchIpc(fromMonth: string, signal: AbortSignal): Promise<IpcMonth[]> {
    const observations = await series(
      this.baseUrl,
      ipcMonthlyVariable,
      `${fromMonth}-01`,
      isoDay(this.now()),
      signal,
    );
    return observations.map((o) => ({ month: o.fecha.slice(0, 7), percent: String(o.valor) }));
  }
}

import type { RateKind, RateQuote, RateSource } from './exchange-rates';

/*
 * A market-quotes API in DolarApi's shape (https://dolarapi.com):
 *   GET {base}/v1/dolares → [{ moneda, casa, nombre, compra, venta, fechaActualizacion }]
 * Market quotes are labelled as such on screen (decision 0341).
 */

const kindOfCasa: Record<string, RateKind> = { bolsa: 'mep', blue: 'blue', tarjeta: 'tarjeta' };

export class MarketQuotesClient implements RateSource {
  readonly name = 'DolarApi (cotizaciones de mercado)';

  constructor(private readonly baseUrl: string) {}

  async fetchQuotes(signal: AbortSignal): Promise<RateQuote[]> {
    const response = await fetch(`${this.baseUrl}/v1/dolares`, {
      signal,
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(`market quotes answered ${response.status}`);
    const body = (await response.json()) as {
      casa?: string;
      compra?: number | null;
      venta?: number | null;
      fechaActualizacion?: string;
    }[];
    if (!Array.isArray(body)) throw new Error('market quotes: not a list');
    return body.flatMap((row) => {
      const kind = row.casa ? kindOfCasa[row.casa] : undefined;
      if (!kind || typeof row.venta !== 'number' || !Number.isFinite(row.venta) || row.venta <= 0) return [];
      return [
        {
          kind,
          buy: typeof row.compra === 'number' ? String(row.compra) : null,
          sell: String(row.venta),
          source: `DolarApi, cotización de mercado (${row.casa === 'bolsa' ? 'dólar bolsa/MEP' : row.casa})`,
          asOf: row.fechaActualizacion ?? new Date().toISOString(),
        },
      ];
    });
  }
}

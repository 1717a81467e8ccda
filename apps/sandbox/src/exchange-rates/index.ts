import Fastify, { type FastifyPluginAsync } from 'fastify';

/*
 * A stand-in for the two exchange-rate sources of Mis Cuentas (issue 43), answering their shapes:
 * - the BCRA's public statistics API, v4.0:
 *   GET {prefix}/bcra/estadisticas/v4.0/monetarias/{idVariable}?desde=YYYY-MM-DD&hasta=YYYY-MM-DD
 *   → { status: 200, metadata: { resultset: { count, offset, limit } },
 *       results: [{ idVariable, detalle: [{ fecha, valor }] }] }   (newest first)
 *   variables served: 5 (A3500 wholesale reference, $ per US$), 27 (IPC, monthly change in %);
 * - a market-quotes API (DolarApi's shape): GET {prefix}/dolarapi/v1/dolares
 *   → [{ moneda: 'USD', casa, nombre, compra, venta, fechaActualizacion }]
 *   for casa oficial, blue, bolsa (MEP), contadoconliqui, mayorista, cripto, tarjeta.
 * Values are fixed (deterministic tests and demo) and dated today; `control` makes a source slow
 * or failing and changes values, as tests need.
 */

export interface ExchangeRatesControl {
  /** milliseconds every answer waits before it is sent */
  delayMs: number;
  /** answer 503 to every call of this source */
  failing: { bcra: boolean; quotes: boolean };
  /** how many calls each source has answered */
  calls: { bcra: number; quotes: number };
  /** market quotes by casa: [compra, venta] */
  quotes: Record<string, [number, number]>;
  /** A3500 reference value */
  a3500: number;
  /** IPC monthly change (%) by month YYYY-MM; months absent get `ipcDefault` */
  ipc: Record<string, number>;
  ipcDefault: number;
}

export function defaultExchangeRatesControl(): ExchangeRatesControl {
  return {
    delayMs: 0,
    failing: { bcra: false, quotes: false },
    calls: { bcra: 0, quotes: 0 },
    quotes: {
      oficial: [1405, 1455],
      blue: [1430, 1450],
      bolsa: [1460.5, 1468.25],
      contadoconliqui: [1475, 1482.5],
      mayorista: [1418, 1427],
      cripto: [1470, 1490],
      tarjeta: [1826.5, 1891.5],
    },
    a3500: 1421.75,
    ipc: {},
    ipcDefault: 2.1,
  };
}

const names: Record<string, string> = {
  oficial: 'Oficial',
  blue: 'Blue',
  bolsa: 'Bolsa',
  contadoconliqui: 'Contado con liquidación',
  mayorista: 'Mayorista',
  cripto: 'Cripto',
  tarjeta: 'Tarjeta',
};

export interface ExchangeRatesStandInOptions {
  onControl?: (control: ExchangeRatesControl) => void;
}

const day = (at: Date) => at.toISOString().slice(0, 10);

export const exchangeRatesStandIn: FastifyPluginAsync<ExchangeRatesStandInOptions> = async (app, options) => {
  const control = defaultExchangeRatesControl();
  options.onControl?.(control);
  const wait = () => (control.delayMs > 0 ? new Promise((r) => setTimeout(r, control.delayMs)) : undefined);

  app.get<{ Params: { id: string }; Querystring: { desde?: string; hasta?: string } }>(
    '/bcra/estadisticas/v4.0/monetarias/:id',
    async (request, reply) => {
      control.calls.bcra++;
      await wait();
      if (control.failing.bcra)
        return reply.code(503).send({ status: 503, errorMessages: ['No disponible'] });
      const id = Number(request.params.id);
      const hasta = request.query.hasta ? new Date(`${request.query.hasta}T12:00:00Z`) : new Date();
      const desde = request.query.desde ? new Date(`${request.query.desde}T12:00:00Z`) : hasta;
      const detalle: { fecha: string; valor: number }[] = [];
      if (id === 5) {
        for (
          let at = new Date(hasta);
          at >= desde && detalle.length < 1000;
          at.setUTCDate(at.getUTCDate() - 1)
        ) {
          detalle.push({ fecha: day(at), valor: control.a3500 });
        }
      } else if (id === 27) {
        // one value per month, dated its last day, for the months that have ended before `hasta`
        const cursor = new Date(Date.UTC(hasta.getUTCFullYear(), hasta.getUTCMonth(), 0));
        while (cursor >= desde && detalle.length < 240) {
          const month = cursor.toISOString().slice(0, 7);
          detalle.push({ fecha: day(cursor), valor: control.ipc[month] ?? control.ipcDefault });
          cursor.setUTCDate(0);
        }
      } else {
        return reply.code(404).send({ status: 404, errorMessages: ['Variable no encontrada'] });
      }
      return {
        status: 200,
        metadata: { resultset: { count: detalle.length, offset: 0, limit: 1000 } },
        results: [{ idVariable: id, detalle }],
      };
    },
  );

  app.get('/dolarapi/v1/dolares', async (_request, reply) => {
    control.calls.quotes++;
    await wait();
    if (control.failing.quotes) return reply.code(503).send({ error: 'No disponible' });
    const now = new Date().toISOString();
    return Object.entries(control.quotes).map(([casa, [compra, venta]]) => ({
      moneda: 'USD',
      casa,
      nombre: names[casa] ?? casa,
      compra,
      venta,
      fechaActualizacion: now,
    }));
  });
};

export interface RunningExchangeRatesStandIn {
  /** base URL; the BCRA at `${url}/bcra`, the quotes at `${url}/dolarapi` */
  url: string;
  control: ExchangeRatesControl;
  close(): Promise<void>;
}

/** The stand-in on a port of its own (API tests). */
export async function startExchangeRatesStandIn(
  options: { port?: number; host?: string } = {},
): Promise<RunningExchangeRatesStandIn> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  let control: ExchangeRatesControl | null = null;
  await app.register(exchangeRatesStandIn, {
    onControl: (c) => {
      control = c;
    },
  });
  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  if (!control) throw new Error('the exchange-rates stand-in did not start');
  return { url: address, control, close: () => app.close() };
}

import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import Fastify from 'fastify';
import { type ArcaCall, type ArcaFaultSpec, ArcaFaults, type ArcaOperation, type ArmedFault } from './faults';
import { ArcaStore, type Voucher } from './store';
import { loginCms, WsaaFault, wsaaFault } from './wsaa';
import { wsaaWsdl, wsfeWsdl } from './wsdl';
import {
  feCaeSolicitar,
  feCompConsultar,
  feCompUltimoAutorizado,
  feDummy,
  feParamGetCondicionIvaReceptor,
} from './wsfe';
import { soapBody, soapFault, text } from './xml';

export interface ArcaStandInOptions {
  /** the CUIT its taxpayer certificate is issued to (11 digits) */
  cuit: string;
  /** a JSON file that keeps certificates, tickets and vouchers across restarts; omit for memory */
  stateFile?: string;
  /** how long a `hang-*` fault holds a request before answering 504 (ms, default 30 000) */
  hangMs?: number;
  /** called once with the control object */
  onControl?: (control: ArcaControl) => void;
}

export const wsaaPath = '/ws/services/LoginCms';
export const wsfePath = '/wsfev1/service.asmx';

/** What tests and developers do to the stand-in: its credentials, faults, tickets, vouchers. */
export class ArcaControl {
  constructor(
    private readonly store: ArcaStore,
    private readonly faults: ArcaFaults,
  ) {}

  /** The taxpayer certificate and key the API signs its logins with (PEM), and its CUIT. */
  credentials(): { cuit: string; certPem: string; keyPem: string; caCertPem: string } {
    const { cuit, certPem, keyPem, caCertPem } = this.store.state.pki;
    return { cuit, certPem, keyPem, caCertPem };
  }

  armFault(spec: ArcaFaultSpec): ArmedFault {
    return this.faults.arm(spec);
  }

  /** Every live ticket expires now: the next WSFEv1 call answers error 600 and a new login is allowed. */
  expireTickets(): void {
    const past = new Date(Date.now() - 1000).toISOString();
    for (const ticket of this.store.state.tickets) ticket.expirationTime = past;
    this.store.save();
  }

  vouchers(pointOfSale: number, type: number): Voucher[] {
    return [...this.store.vouchersOf(this.store.state.pki.cuit, pointOfSale, type)];
  }

  calls(operation?: string): ArcaCall[] {
    return this.faults.calls.filter((c) => !operation || c.operation === operation);
  }

  /** Forgets tickets, vouchers, faults and calls (keeps the certificates). */
  reset(): void {
    this.store.reset();
    this.faults.clear();
  }
}

const wsfeOperations = new Set<ArcaOperation>([
  'FEDummy',
  'FECompUltimoAutorizado',
  'FECAESolicitar',
  'FECompConsultar',
  'FEParamGetCondicionIvaReceptor',
]);

/**
 * ARCA's electronic-invoicing web services as a Fastify plugin: WSAA's LoginCms at
 * `/ws/services/LoginCms` and WSFEv1 at `/wsfev1/service.asmx` (each with `?WSDL`), SOAP 1.1 like
 * the real ones, plus a JSON control API under `/_control`. Register it under a prefix; it keeps
 * its own body parsers (not wrapped in fastify-plugin).
 */
export const arcaStandIn: FastifyPluginAsync<ArcaStandInOptions> = async (app, options) => {
  if (!/^\d{11}$/.test(options.cuit)) throw new Error('the ARCA stand-in needs an 11-digit CUIT');
  const store = new ArcaStore(options.cuit, options.stateFile);
  const faults = new ArcaFaults();
  const control = new ArcaControl(store, faults);
  const hangMs = options.hangMs ?? 30_000;
  options.onControl?.(control);

  app.addContentTypeParser(
    ['text/xml', 'application/soap+xml'],
    { parseAs: 'string' },
    (_request, body, done) => done(null, String(body)),
  );

  const xml = (reply: FastifyReply, status: number, body: string) =>
    reply.code(status).header('content-type', 'text/xml; charset=utf-8').send(body);

  /** Holds the request without answering until the client gives up (or hangMs passes: 504). */
  const hang = async (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, hangMs);
      reply.raw.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
      request.raw.socket?.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    if (!reply.raw.destroyed && !reply.raw.writableEnded) {
      reply.raw.writeHead(504, { 'content-type': 'text/xml; charset=utf-8' });
      reply.raw.end(soapFault('Server.Timeout', 'Tiempo de espera agotado'));
    }
  };

  /** Runs one operation with whatever fault is armed for it. */
  const serve = async (
    request: FastifyRequest,
    reply: FastifyReply,
    operation: string,
    work: (fault: ArmedFault | null) => { status: number; body: string },
  ) => {
    const fault = faults.take(operation);
    if (fault?.mode === 'hang-before') return hang(request, reply);
    if (fault?.mode === 'http500-before')
      return xml(reply, 500, soapFault('Server', 'Error interno del servidor'));
    const { status, body } = work(fault);
    if (fault?.mode === 'hang-after') return hang(request, reply);
    if (fault?.mode === 'http500-after')
      return xml(reply, 500, soapFault('Server', 'Error interno del servidor'));
    return xml(reply, status, body);
  };

  const location = (request: FastifyRequest, path: string) =>
    `${request.protocol}://${request.host}${request.url.split('?')[0]?.replace(/\/+$/, '') ?? path}`;

  app.get(wsaaPath, async (request, reply) => xml(reply, 200, wsaaWsdl(location(request, wsaaPath))));
  app.get(wsfePath, async (request, reply) => xml(reply, 200, wsfeWsdl(location(request, wsfePath))));

  app.post(wsaaPath, async (request, reply) => {
    const parsed = soapBody(String(request.body ?? ''));
    if (parsed?.operation !== 'loginCms') {
      return xml(reply, 500, soapFault('Client', 'Se esperaba una operacion loginCms'));
    }
    return serve(request, reply, 'loginCms', () => {
      try {
        return { status: 200, body: loginCms(store, text(parsed.body.in0)) };
      } catch (error) {
        if (error instanceof WsaaFault) return { status: 500, body: wsaaFault(error) };
        throw error;
      }
    });
  });

  app.post(wsfePath, async (request, reply) => {
    const parsed = soapBody(String(request.body ?? ''));
    const operation = parsed?.operation as ArcaOperation | undefined;
    if (!parsed || !operation || !wsfeOperations.has(operation)) {
      return xml(reply, 500, soapFault('Client', 'Operacion desconocida o mensaje SOAP mal formado'));
    }
    const body = parsed.body;
    return serve(request, reply, operation, (fault) => {
      switch (operation) {
        case 'FEDummy':
          return { status: 200, body: feDummy() };
        case 'FECompUltimoAutorizado':
          return { status: 200, body: feCompUltimoAutorizado(store, body) };
        case 'FECompConsultar':
          return { status: 200, body: feCompConsultar(store, body) };
        case 'FEParamGetCondicionIvaReceptor':
          return { status: 200, body: feParamGetCondicionIvaReceptor(store, body) };
        default:
          return {
            status: 200,
            body: feCaeSolicitar(store, body, new Date(), {
              reject: fault?.mode === 'reject' ? { Code: fault.code, Msg: fault.message } : null,
            }),
          };
      }
    });
  });

  app.get('/_control/credentials', async () => control.credentials());
  app.post('/_control/faults', async (request, reply) => {
    try {
      return control.armFault(request.body as ArcaFaultSpec);
    } catch (error) {
      return reply.code(400).send({ message: (error as Error).message });
    }
  });
  app.post('/_control/tickets/expire', async () => {
    control.expireTickets();
    return { ok: true };
  });
  app.get('/_control/vouchers', async (request) => {
    const query = request.query as { ptoVta?: string; tipo?: string };
    return control.vouchers(Number(query.ptoVta ?? 1), Number(query.tipo ?? 11));
  });
  app.get('/_control/calls', async () => control.calls());
  app.post('/_control/reset', async () => {
    control.reset();
    return { ok: true };
  });
};

export interface RunningArcaStandIn {
  /** e.g. http://127.0.0.1:40123 (WSAA at url + wsaaPath, WSFEv1 at url + wsfePath) */
  url: string;
  control: ArcaControl;
  close(): Promise<void>;
}

/** The stand-in on its own port (tests, or several API processes sharing one). */
export async function startArcaStandIn(
  options: Omit<ArcaStandInOptions, 'onControl'> & { port?: number; host?: string },
): Promise<RunningArcaStandIn> {
  const app = Fastify({ logger: false, forceCloseConnections: true });
  let control: ArcaControl | null = null;
  await app.register(arcaStandIn, {
    ...options,
    onControl: (c) => {
      control = c;
    },
  });
  const address = await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
  if (!control) throw new Error('the ARCA stand-in did not start');
  return { url: address, control, close: () => app.close() };
}

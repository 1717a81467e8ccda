import { loginTicketRequest, signTicketRequest } from './cms';
import {
  type AuthorizeResult,
  type FiscalAuthority,
  type FiscalProblem,
  FiscalServiceError,
  FiscalUnavailableError,
  type IssuedVoucher,
  type VoucherRequest,
  type VoucherType,
} from './fiscal-authority';
import { parseXml, renderXml, SoapFaultError, soapCall, type XmlTree } from './soap';

/** A WSAA login ticket for one service. */
export interface AccessTicket {
  token: string;
  sign: string;
  expiresAt: Date;
}

/**
 * Where login tickets are kept. WSAA refuses a second login while a ticket is live, so every API
 * process must share the one ticket: the invoices module keeps it in the database, and takes the
 * login under an advisory lock so that processes starting together log in once.
 */
export interface TicketStore {
  load(service: string): Promise<AccessTicket | null>;
  save(service: string, ticket: AccessTicket): Promise<void>;
  forget(service: string): Promise<void>;
  /** Runs `fn` while no other process logs in. */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
}

/** A ticket store for one process (tests, scripts). */
export class MemoryTicketStore implements TicketStore {
  private tickets = new Map<string, AccessTicket>();
  private chain: Promise<unknown> = Promise.resolve();
  async load(service: string) {
    return this.tickets.get(service) ?? null;
  }
  async save(service: string, ticket: AccessTicket) {
    this.tickets.set(service, ticket);
  }
  async forget(service: string) {
    this.tickets.delete(service);
  }
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.chain.then(fn, fn);
    this.chain = next.catch(() => undefined);
    return next;
  }
}

export interface ArcaClientOptions {
  /** the issuer's CUIT, 11 digits */
  cuit: string;
  /** WSAA LoginCms endpoint */
  wsaaUrl: string;
  /** WSFEv1 endpoint (service.asmx) */
  wsfeUrl: string;
  /** the taxpayer certificate and key (PEM), read when first needed */
  credentials: () => Promise<{ certPem: string; keyPem: string }>;
  tickets: TicketStore;
  /** how long one call waits for an answer (read at each call) */
  timeoutMs: number | (() => number);
  ciphers?: string;
  /** the clock (tests) */
  now?: () => Date;
}

const service = 'wsfe';
const fev1 = 'http://ar.gov.afip.dif.FEV1/';
/** Renew a ticket this long before it expires. */
const renewMarginMs = 10 * 60_000;

const money = (centavos: number) => (centavos / 100).toFixed(2);
const toCentavos = (value: unknown) => Math.round(Number(String(value ?? '0')) * 100);
const str = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : '');
const asList = (value: unknown): Record<string, unknown>[] =>
  Array.isArray(value)
    ? (value as Record<string, unknown>[])
    : value
      ? [value as Record<string, unknown>]
      : [];

function problemsOf(list: unknown, item: 'Err' | 'Obs'): FiscalProblem[] {
  const container = list as Record<string, unknown> | undefined;
  return asList(container?.[item]).map((p) => ({ code: Number(str(p.Code)), message: str(p.Msg) }));
}

/**
 * ARCA's WSFEv1 through WSAA, spoken directly (SOAP over HTTPS, no third party): the login ticket
 * is signed here with node-forge and shared through the TicketStore; a call answered with error
 * 600 (the ticket expired or was revoked) logs in again once and repeats. The same code talks to
 * the sandbox stand-in, to ARCA's homologation service and to production: only the URLs, the CUIT
 * and the certificate change.
 */
export class ArcaClient implements FiscalAuthority {
  private login: Promise<AccessTicket> | null = null;

  constructor(private readonly options: ArcaClientOptions) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  private async ticket(): Promise<AccessTicket> {
    const stored = await this.options.tickets.load(service);
    if (stored && stored.expiresAt.getTime() - renewMarginMs > this.now().getTime()) return stored;
    // One login at a time in this process, and across processes through the store's lock.
    this.login ??= this.options.tickets
      .exclusive(async () => {
        const again = await this.options.tickets.load(service);
        if (again && again.expiresAt.getTime() - renewMarginMs > this.now().getTime()) return again;
        const fresh = await this.loginCms();
        await this.options.tickets.save(service, fresh);
        return fresh;
      })
      .finally(() => {
        this.login = null;
      });
    return this.login;
  }

  private async loginCms(): Promise<AccessTicket> {
    const { certPem, keyPem } = await this.options.credentials();
    const cms = signTicketRequest(loginTicketRequest(service, this.now()), certPem, keyPem);
    const envelope =
      `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:wsaa="http://wsaa.view.sua.dvadac.desein.afip.gov">` +
      `<soapenv:Header/><soapenv:Body><wsaa:loginCms><wsaa:in0>${cms}</wsaa:in0></wsaa:loginCms></soapenv:Body></soapenv:Envelope>`;
    let answer: Record<string, unknown>;
    try {
      answer = await soapCall(this.options.wsaaUrl, '', envelope, this.transport());
    } catch (error) {
      if (error instanceof SoapFaultError && error.code === 'coe.alreadyAuthenticated') {
        // Someone logged in with this certificate and we lost the ticket: it lives up to 12 h.
        throw new FiscalUnavailableError(
          'WSAA: a ticket for this certificate is live elsewhere (coe.alreadyAuthenticated); retry after it expires',
          false,
        );
      }
      if (error instanceof SoapFaultError)
        throw new FiscalServiceError([{ code: 0, message: error.message }]);
      if (error instanceof FiscalUnavailableError) throw new FiscalUnavailableError(error.message, false);
      throw error;
    }
    const response = parseXml(str(answer.loginCmsReturn)).loginTicketResponse as
      | Record<string, unknown>
      | undefined;
    const header = response?.header as Record<string, unknown> | undefined;
    const credentials = response?.credentials as Record<string, unknown> | undefined;
    const token = str(credentials?.token);
    const sign = str(credentials?.sign);
    const expiresAt = new Date(str(header?.expirationTime));
    if (!token || !sign || Number.isNaN(expiresAt.getTime())) {
      throw new FiscalServiceError([{ code: 0, message: 'WSAA answered without a ticket' }]);
    }
    return { token, sign, expiresAt };
  }

  private transport() {
    const { timeoutMs } = this.options;
    return {
      timeoutMs: typeof timeoutMs === 'function' ? timeoutMs() : timeoutMs,
      ...(this.options.ciphers ? { ciphers: this.options.ciphers } : {}),
    };
  }

  /** One WSFEv1 operation with the ticket; error 600 renews the ticket once. */
  private async call(operation: string, body: XmlTree, auth = true): Promise<Record<string, unknown>> {
    for (let attempt = 1; ; attempt++) {
      const ticket = auth ? await this.ticket() : null;
      const inner = renderXml(operation, {
        ...(ticket ? { Auth: { Token: ticket.token, Sign: ticket.sign, Cuit: this.options.cuit } } : {}),
        ...body,
      });
      const envelope =
        `<?xml version="1.0" encoding="UTF-8"?><soapenv:Envelope xmlns:soapenv="http://schemas.xmlsoap.org/soap/envelope/" xmlns:ar="${fev1}">` +
        `<soapenv:Header/><soapenv:Body>${inner}</soapenv:Body></soapenv:Envelope>`;
      let answer: Record<string, unknown>;
      try {
        answer = await soapCall(this.options.wsfeUrl, `${fev1}${operation}`, envelope, this.transport());
      } catch (error) {
        if (error instanceof SoapFaultError)
          throw new FiscalServiceError([{ code: 0, message: error.message }]);
        throw error;
      }
      const result = (answer[`${operation}Result`] ?? {}) as Record<string, unknown>;
      const errors = problemsOf(result.Errors, 'Err');
      if (ticket && errors.some((e) => e.code === 600) && attempt === 1) {
        await this.options.tickets.forget(service);
        continue;
      }
      return result;
    }
  }

  async health(): Promise<boolean> {
    const result = await this.call('FEDummy', {}, false);
    return str(result.AppServer) === 'OK' && str(result.DbServer) === 'OK' && str(result.AuthServer) === 'OK';
  }

  async lastAuthorized(pointOfSale: number, type: VoucherType): Promise<number> {
    const result = await this.call('FECompUltimoAutorizado', { PtoVta: pointOfSale, CbteTipo: type });
    const errors = problemsOf(result.Errors, 'Err');
    if (errors.length) throw new FiscalServiceError(errors);
    return Number(str(result.CbteNro) || '0');
  }

  async authorize(request: VoucherRequest): Promise<AuthorizeResult> {
    const detail: XmlTree = {
      Concepto: request.concept,
      DocTipo: request.docType,
      DocNro: request.docNumber,
      CbteDesde: request.number,
      CbteHasta: request.number,
      CbteFch: request.date,
      ImpTotal: money(request.totalCentavos),
      ImpTotConc: money(0),
      ImpNeto: money(request.netCentavos),
      ImpOpEx: money(0),
      ImpTrib: money(0),
      ImpIVA: money(request.vatCentavos),
      ...(request.concept === 1
        ? {}
        : {
            FchServDesde: request.serviceFrom,
            FchServHasta: request.serviceTo,
            FchVtoPago: request.paymentDue,
          }),
      MonId: 'PES',
      MonCotiz: 1,
      CondicionIVAReceptorId: request.receiverVatCondition,
      ...(request.associated.length
        ? {
            CbtesAsoc: {
              CbteAsoc: request.associated.map((a) => ({
                Tipo: a.type,
                PtoVta: a.pointOfSale,
                Nro: a.number,
                Cuit: this.options.cuit,
                CbteFch: a.date,
              })),
            },
          }
        : {}),
      ...(request.vat.length
        ? {
            Iva: {
              AlicIva: request.vat.map((v) => ({
                Id: v.id,
                BaseImp: money(v.baseCentavos),
                Importe: money(v.amountCentavos),
              })),
            },
          }
        : {}),
    };
    const result = await this.call('FECAESolicitar', {
      FeCAEReq: {
        FeCabReq: { CantReg: 1, PtoVta: request.pointOfSale, CbteTipo: request.type },
        FeDetReq: { FECAEDetRequest: detail },
      },
    });
    const errors = problemsOf(result.Errors, 'Err');
    const [answer] = asList((result.FeDetResp as Record<string, unknown> | undefined)?.FECAEDetResponse);
    if (!answer) {
      // Errors at the request level (ticket, header): nothing was authorized.
      return {
        outcome: 'rejected',
        problems: errors.length ? errors : [{ code: 0, message: 'no answer detail' }],
      };
    }
    if (str(answer.Resultado) === 'A' && /^\d{14}$/.test(str(answer.CAE))) {
      return { outcome: 'approved', cae: str(answer.CAE), caeDueDate: str(answer.CAEFchVto) };
    }
    const observations = problemsOf(answer.Observaciones, 'Obs');
    return { outcome: 'rejected', problems: [...observations, ...errors] };
  }

  async consult(pointOfSale: number, type: VoucherType, number: number): Promise<IssuedVoucher | null> {
    const result = await this.call('FECompConsultar', {
      FeCompConsReq: { CbteTipo: type, CbteNro: number, PtoVta: pointOfSale },
    });
    const errors = problemsOf(result.Errors, 'Err');
    if (errors.some((e) => e.code === 602)) return null;
    if (errors.length) throw new FiscalServiceError(errors);
    const found = result.ResultGet as Record<string, unknown> | undefined;
    if (!found) return null;
    return {
      type: Number(str(found.CbteTipo)),
      pointOfSale: Number(str(found.PtoVta)),
      number: Number(str(found.CbteDesde)),
      date: str(found.CbteFch),
      cae: str(found.CodAutorizacion),
      caeDueDate: str(found.FchVto),
      totalCentavos: toCentavos(found.ImpTotal),
      docType: Number(str(found.DocTipo)),
      docNumber: str(found.DocNro),
    };
  }

  async receiverVatConditions(voucherClass: 'A' | 'B' | 'C') {
    const result = await this.call('FEParamGetCondicionIvaReceptor', { ClaseCmp: voucherClass });
    const errors = problemsOf(result.Errors, 'Err');
    if (errors.length) throw new FiscalServiceError(errors);
    const list = asList((result.ResultGet as Record<string, unknown> | undefined)?.CondicionIvaReceptor);
    return list.map((c) => ({ id: Number(str(c.Id)), description: str(c.Desc) }));
  }
}

import { randomBytes } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { CmsError, verifyCms } from './pki';
import type { ArcaStore, Ticket } from './store';
import { escapeXml, soapEnvelope, soapFault, text } from './xml';

/** How long a login ticket lives (ARCA: about 12 hours). */
export const TICKET_HOURS = 12;

export class WsaaFault extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const traParser = new XMLParser({ ignoreAttributes: true, parseTagValue: false, trimValues: true });

function parseTra(xml: string): {
  uniqueId: string;
  generationTime: Date;
  expirationTime: Date;
  service: string;
} {
  let tree: Record<string, unknown>;
  try {
    tree = traParser.parse(xml) as Record<string, unknown>;
  } catch {
    throw new WsaaFault('xml.bad', 'No se pudo interpretar el XML del TRA');
  }
  const request = tree.loginTicketRequest as Record<string, unknown> | undefined;
  const header = request?.header as Record<string, unknown> | undefined;
  if (!request || !header) throw new WsaaFault('xml.bad', 'El TRA no es un loginTicketRequest');
  const generationTime = new Date(text(header.generationTime));
  const expirationTime = new Date(text(header.expirationTime));
  if (Number.isNaN(generationTime.getTime()))
    throw new WsaaFault('xml.generationTime.invalid', 'generationTime no es una fecha valida');
  if (Number.isNaN(expirationTime.getTime()))
    throw new WsaaFault('xml.expirationTime.invalid', 'expirationTime no es una fecha valida');
  return { uniqueId: text(header.uniqueId), generationTime, expirationTime, service: text(request.service) };
}

/**
 * LoginCms: verifies the CMS-signed TRA against the stand-in's CA, checks its times and service,
 * refuses a second login of the same certificate and service while its ticket is live
 * (`coe.alreadyAuthenticated`, as ARCA does), and answers a loginTicketResponse with token and sign.
 */
export function loginCms(store: ArcaStore, cms: string, now = new Date()): string {
  let verified: ReturnType<typeof verifyCms>;
  try {
    verified = verifyCms(cms, store.state.pki.caCertPem, now);
  } catch (error) {
    if (error instanceof CmsError) throw new WsaaFault(error.code, error.message);
    throw error;
  }
  const tra = parseTra(verified.content);
  const skewMs = 10 * 60_000;
  if (tra.generationTime.getTime() > now.getTime() + skewMs) {
    throw new WsaaFault('xml.generationTime.invalid', 'generationTime posterior a la hora actual');
  }
  if (tra.expirationTime.getTime() <= now.getTime()) {
    throw new WsaaFault('xml.expirationTime.expired', 'expirationTime anterior a la hora actual');
  }
  if (tra.expirationTime.getTime() - tra.generationTime.getTime() > 24 * 3600_000) {
    throw new WsaaFault('xml.expirationTime.invalid', 'El TRA no puede durar mas de 24 horas');
  }
  if (tra.service !== 'wsfe') {
    throw new WsaaFault(
      'wsn.unavailable',
      `El servicio ${tra.service || '(vacio)'} no existe o no esta disponible`,
    );
  }
  const cuit = /CUIT (\d{11})/.exec(verified.signer.subject)?.[1];
  if (!cuit) throw new WsaaFault('cms.cert.invalid', 'El certificado no identifica un CUIT');
  const live = store.state.tickets.find(
    (t) => t.cuit === cuit && t.service === tra.service && new Date(t.expirationTime) > now,
  );
  if (live) {
    throw new WsaaFault(
      'coe.alreadyAuthenticated',
      'El CEE ya posee un TA valido para el acceso al WSN solicitado',
    );
  }
  const generation = new Date(now.getTime() - 60_000);
  const expiration = new Date(now.getTime() + TICKET_HOURS * 3600_000);
  const ticket: Ticket = {
    token: randomBytes(96).toString('base64'),
    sign: randomBytes(64).toString('base64'),
    cuit,
    service: tra.service,
    generationTime: generation.toISOString(),
    expirationTime: expiration.toISOString(),
  };
  store.state.tickets = [...store.state.tickets.filter((t) => new Date(t.expirationTime) > now), ticket];
  store.save();
  const response =
    `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><loginTicketResponse version="1.0"><header>` +
    `<source>CN=wsaahomo, O=AFIP, C=AR, SERIALNUMBER=CUIT 33693450239</source>` +
    `<destination>${escapeXml(verified.signer.subject.replace(/\n/g, ', '))}</destination>` +
    `<uniqueId>${escapeXml(tra.uniqueId || String(now.getTime()))}</uniqueId>` +
    `<generationTime>${generation.toISOString()}</generationTime><expirationTime>${expiration.toISOString()}</expirationTime>` +
    `</header><credentials><token>${ticket.token}</token><sign>${ticket.sign}</sign></credentials></loginTicketResponse>`;
  return soapEnvelope(
    `<loginCmsResponse xmlns="http://wsaa.view.sua.dvadac.desein.afip.gov"><loginCmsReturn>${escapeXml(response)}</loginCmsReturn></loginCmsResponse>`,
  );
}

export const wsaaFault = (error: WsaaFault) => soapFault(error.code, error.message);

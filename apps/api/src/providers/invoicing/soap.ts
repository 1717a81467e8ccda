import http from 'node:http';
import https from 'node:https';
import { XMLParser } from 'fast-xml-parser';
import { FiscalUnavailableError } from './fiscal-authority';

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A request tree: `{ Key: 'a' }`, arrays for repeated elements, `undefined` dropped. */
export type XmlValue = string | number | undefined | XmlTree | XmlTree[];
export interface XmlTree {
  [name: string]: XmlValue;
}

/** Elements rendered with the operation's namespace prefix `ar:`, as ARCA's examples write them. */
export function renderXml(name: string, value: XmlValue, prefix = 'ar:'): string {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map((item) => renderXml(name, item, prefix)).join('');
  if (typeof value === 'object') {
    const inner = Object.entries(value)
      .map(([child, v]) => renderXml(child, v, prefix))
      .join('');
    return `<${prefix}${name}>${inner}</${prefix}${name}>`;
  }
  return `<${prefix}${name}>${escapeXml(String(value))}</${prefix}${name}>`;
}

const repeated = new Set([
  'Err',
  'Obs',
  'FECAEDetResponse',
  'CondicionIvaReceptor',
  'AlicIva',
  'CbteAsoc',
  'Evt',
]);
const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => repeated.has(name),
});

export function parseXml(text: string): Record<string, unknown> {
  return parser.parse(text) as Record<string, unknown>;
}

/** A SOAP fault the service answered (WSAA's `coe.alreadyAuthenticated`, `cms.bad`, …). */
export class SoapFaultError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`${code}: ${message}`);
    this.name = 'SoapFaultError';
  }
}

export interface SoapTransportOptions {
  timeoutMs: number;
  /**
   * OpenSSL cipher string for https: ARCA's servers use old Diffie-Hellman parameters that
   * OpenSSL 3 refuses at its default security level (`DEFAULT@SECLEVEL=1` lets them in).
   */
  ciphers?: string;
}

/**
 * POSTs one SOAP 1.1 envelope and answers the first element of its Body. Transport failures,
 * timeouts and 5xx answers without a SOAP fault throw FiscalUnavailableError (the request may
 * have been processed: `uncertain`); a SOAP fault throws SoapFaultError.
 */
export function soapCall(
  url: string,
  action: string,
  envelope: string,
  options: SoapTransportOptions,
): Promise<Record<string, unknown>> {
  const target = new URL(url);
  const client = target.protocol === 'https:' ? https : http;
  const body = Buffer.from(envelope, 'utf8');
  return new Promise((resolve, reject) => {
    const request = client.request(
      target,
      {
        method: 'POST',
        headers: {
          'content-type': 'text/xml; charset=utf-8',
          'content-length': body.length,
          soapaction: `"${action}"`,
        },
        ...(target.protocol === 'https:' && options.ciphers ? { ciphers: options.ciphers } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', (error) => reject(new FiscalUnavailableError(error.message, true)));
        response.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let tree: Record<string, unknown>;
          try {
            tree = parseXml(text);
          } catch {
            reject(new FiscalUnavailableError(`unreadable answer (HTTP ${response.statusCode})`, true));
            return;
          }
          const envelopeNode = tree.Envelope as Record<string, unknown> | undefined;
          const bodyNode = envelopeNode?.Body as Record<string, unknown> | undefined;
          const fault = bodyNode?.Fault as Record<string, unknown> | undefined;
          if (fault) {
            const code = String(fault.faultcode ?? '').replace(/^[^:]*:/, '');
            const message = String(fault.faultstring ?? '');
            // A server error may have happened after the work was done.
            if ((response.statusCode ?? 500) >= 500 && /^(Server|soap:Server)/i.test(code)) {
              reject(new FiscalUnavailableError(`HTTP ${response.statusCode}: ${message}`, true));
            } else {
              reject(new SoapFaultError(code, message));
            }
            return;
          }
          if ((response.statusCode ?? 500) >= 400 || !bodyNode) {
            reject(new FiscalUnavailableError(`HTTP ${response.statusCode} without a SOAP answer`, true));
            return;
          }
          const [first] = Object.values(bodyNode);
          resolve((first ?? {}) as Record<string, unknown>);
        });
      },
    );
    request.setTimeout(options.timeoutMs, () => {
      request.destroy(new FiscalUnavailableError(`no answer within ${options.timeoutMs} ms`, true));
    });
    request.on('error', (error) =>
      reject(
        error instanceof FiscalUnavailableError ? error : new FiscalUnavailableError(error.message, true),
      ),
    );
    request.end(body);
  });
}

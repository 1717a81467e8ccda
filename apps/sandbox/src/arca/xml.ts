import { XMLParser } from 'fast-xml-parser';

/** The small SOAP ARCA speaks: escaped text, element trees, envelopes and faults. */

export function escapeXml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** A value tree: `{ Key: 'a' }`, arrays for repeated elements, `undefined` and `null` dropped. */
export type XmlValue = string | number | boolean | undefined | null | XmlNode | XmlNode[];
export interface XmlNode {
  [name: string]: XmlValue;
}

export function renderXml(name: string, value: XmlValue): string {
  if (value === undefined || value === null) return '';
  if (Array.isArray(value)) return value.map((item) => renderXml(name, item)).join('');
  if (typeof value === 'object') {
    const inner = Object.entries(value)
      .map(([child, v]) => renderXml(child, v))
      .join('');
    return `<${name}>${inner}</${name}>`;
  }
  return `<${name}>${escapeXml(String(value))}</${name}>`;
}

/** Elements that repeat in WSFEv1 requests: always read as arrays. */
const repeated = new Set(['FECAEDetRequest', 'AlicIva', 'CbteAsoc', 'Tributo', 'Opcional']);

const parser = new XMLParser({
  removeNSPrefix: true,
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: true,
  isArray: (name) => repeated.has(name),
});

/** The first element inside the SOAP Body, by its local name, or null. */
export function soapBody(text: string): { operation: string; body: Record<string, unknown> } | null {
  let parsed: Record<string, unknown>;
  try {
    parsed = parser.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
  const envelope = parsed.Envelope as Record<string, unknown> | undefined;
  const body = envelope?.Body as Record<string, unknown> | undefined;
  if (!body || typeof body !== 'object') return null;
  const [operation] = Object.keys(body);
  if (!operation) return null;
  const content = body[operation];
  return {
    operation,
    body: typeof content === 'object' && content ? (content as Record<string, unknown>) : {},
  };
}

export function soapEnvelope(inner: string): string {
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema"><soap:Body>${inner}</soap:Body></soap:Envelope>`;
}

/** A SOAP 1.1 fault as WSAA's Axis server writes it: `ns1:<code>` and a Spanish text. */
export function soapFault(code: string, message: string): string {
  return soapEnvelope(
    `<soap:Fault><faultcode xmlns:ns1="http://xml.apache.org/axis/">ns1:${escapeXml(code)}</faultcode><faultstring>${escapeXml(message)}</faultstring></soap:Fault>`,
  );
}

export const text = (value: unknown): string =>
  typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';

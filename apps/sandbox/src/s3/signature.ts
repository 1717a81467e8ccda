import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/**
 * AWS Signature Version 4 as S3 checks it, both ways a request may carry it: the `Authorization`
 * header (SDK calls) and the query string (presigned URLs). The expected signature is computed
 * with node's own HMAC-SHA256 and SHA-256 from the canonical request of the AWS documentation
 * ("Create a signed AWS API request"); S3 signs the path as sent, without normalizing it.
 */

export interface Credentials {
  accessKeyId: string;
  secretAccessKey: string;
}

export interface SignedRequest {
  method: string;
  /** the raw request target: path as sent, then `?query` */
  url: string;
  headers: IncomingHttpHeaders;
}

export type Verdict =
  | { ok: true; payloadHash: string; accessKeyId: string }
  | {
      ok: false;
      code:
        | 'AccessDenied'
        | 'InvalidAccessKeyId'
        | 'SignatureDoesNotMatch'
        | 'AuthorizationQueryParametersError'
        | 'RequestTimeTooSkewed';
      message: string;
    };

const algorithm = 'AWS4-HMAC-SHA256';
/** How far a header-signed request's date may be from the clock (S3: 15 minutes). */
const maxSkewMs = 15 * 60 * 1000;
/** Presigned URLs live at most 7 days (S3's limit). */
const maxExpiresSeconds = 7 * 24 * 60 * 60;

/** RFC 3986 encoding, as SigV4 wants for query names and values. */
function encode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Query pairs decoded from the raw query (`+` is not a space in S3 URLs made by the SDK). */
export function queryPairs(rawQuery: string): [string, string][] {
  if (!rawQuery) return [];
  return rawQuery.split('&').map((pair) => {
    const at = pair.indexOf('=');
    const name = at === -1 ? pair : pair.slice(0, at);
    const value = at === -1 ? '' : pair.slice(at + 1);
    return [decodeURIComponent(name), decodeURIComponent(value)];
  });
}

function canonicalQuery(pairs: [string, string][]): string {
  return pairs
    .map(([name, value]) => [encode(name), encode(value)] as const)
    .sort(([a, av], [b, bv]) => (a < b ? -1 : a > b ? 1 : av < bv ? -1 : av > bv ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
}

function headerValue(headers: IncomingHttpHeaders, name: string): string {
  const value = headers[name];
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined.trim().replace(/\s+/g, ' ');
}

const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data, 'utf8').digest();
const sha256Hex = (data: string) => createHash('sha256').update(data, 'utf8').digest('hex');

function signature(
  secret: string,
  scope: { date: string; region: string; service: string },
  amzDate: string,
  canonicalRequest: string,
): string {
  const stringToSign = [
    algorithm,
    amzDate,
    `${scope.date}/${scope.region}/${scope.service}/aws4_request`,
    sha256Hex(canonicalRequest),
  ].join('\n');
  const dateKey = hmac(`AWS4${secret}`, scope.date);
  const regionKey = hmac(dateKey, scope.region);
  const serviceKey = hmac(regionKey, scope.service);
  const signingKey = hmac(serviceKey, 'aws4_request');
  return createHmac('sha256', signingKey).update(stringToSign, 'utf8').digest('hex');
}

/** 20261125T023000Z → epoch ms, or NaN. */
function parseAmzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return Number.NaN;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6]));
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Checks the request's SigV4 signature against the one key pair the stand-in knows. */
export function verifySignature(request: SignedRequest, credentials: Credentials, now = Date.now()): Verdict {
  const at = request.url.indexOf('?');
  const path = at === -1 ? request.url : request.url.slice(0, at);
  const pairs = queryPairs(at === -1 ? '' : request.url.slice(at + 1));
  const query = new Map(pairs);
  const authorization = headerValue(request.headers, 'authorization');

  let credential: string;
  let signedHeaders: string[];
  let given: string;
  let amzDate: string;
  let payloadHash: string;
  let signedPairs = pairs;
  if (query.has('X-Amz-Signature')) {
    if (query.get('X-Amz-Algorithm') !== algorithm) {
      return {
        ok: false,
        code: 'AuthorizationQueryParametersError',
        message: 'X-Amz-Algorithm only supports "AWS4-HMAC-SHA256"',
      };
    }
    credential = query.get('X-Amz-Credential') ?? '';
    signedHeaders = (query.get('X-Amz-SignedHeaders') ?? '').split(';');
    given = query.get('X-Amz-Signature') ?? '';
    amzDate = query.get('X-Amz-Date') ?? '';
    payloadHash = query.get('X-Amz-Content-Sha256') ?? 'UNSIGNED-PAYLOAD';
    const expires = Number(query.get('X-Amz-Expires'));
    const signedAt = parseAmzDate(amzDate);
    if (!Number.isInteger(expires) || expires < 1 || expires > maxExpiresSeconds || Number.isNaN(signedAt)) {
      return {
        ok: false,
        code: 'AuthorizationQueryParametersError',
        message: 'X-Amz-Expires must be between 1 and 604800 seconds; X-Amz-Date must be valid',
      };
    }
    if (now > signedAt + expires * 1000)
      return { ok: false, code: 'AccessDenied', message: 'Request has expired' };
    signedPairs = pairs.filter(([name]) => name !== 'X-Amz-Signature');
  } else if (authorization.startsWith(`${algorithm} `)) {
    const fields = new Map(
      authorization
        .slice(algorithm.length + 1)
        .split(',')
        .map((field) => {
          const [name, ...rest] = field.trim().split('=');
          return [name ?? '', rest.join('=')] as const;
        }),
    );
    credential = fields.get('Credential') ?? '';
    signedHeaders = (fields.get('SignedHeaders') ?? '').split(';');
    given = fields.get('Signature') ?? '';
    amzDate = headerValue(request.headers, 'x-amz-date');
    payloadHash = headerValue(request.headers, 'x-amz-content-sha256');
    if (!payloadHash)
      return {
        ok: false,
        code: 'AccessDenied',
        message: 'Missing required header for this request: x-amz-content-sha256',
      };
    const signedAt = parseAmzDate(amzDate);
    if (Number.isNaN(signedAt) || Math.abs(now - signedAt) > maxSkewMs) {
      return {
        ok: false,
        code: 'RequestTimeTooSkewed',
        message: 'The difference between the request time and the current time is too large.',
      };
    }
  } else {
    return { ok: false, code: 'AccessDenied', message: 'Access Denied' };
  }

  const [accessKeyId, date, region, service, terminal] = credential.split('/');
  if (accessKeyId !== credentials.accessKeyId) {
    return {
      ok: false,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  }
  if (!date || !region || service !== 's3' || terminal !== 'aws4_request' || !amzDate.startsWith(date)) {
    return {
      ok: false,
      code: 'AuthorizationQueryParametersError',
      message: 'Error parsing the X-Amz-Credential parameter',
    };
  }
  if (!signedHeaders.includes('host')) {
    return { ok: false, code: 'AccessDenied', message: 'host must be a signed header' };
  }
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(signedPairs),
    ...signedHeaders.map((name) => `${name}:${headerValue(request.headers, name)}`),
    '',
    signedHeaders.join(';'),
    payloadHash,
  ].join('\n');
  const expected = signature(
    credentials.secretAccessKey,
    { date, region, service },
    amzDate,
    canonicalRequest,
  );
  if (!sameHex(given, expected)) {
    return {
      ok: false,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };
  }
  return { ok: true, payloadHash, accessKeyId };
}

import {
  createDecipheriv,
  createECDH,
  createHash,
  createPublicKey,
  createVerify,
  type ECDH,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import forge from 'node-forge';

/** A push the stand-in received, decrypted and checked as a push service and a browser would. */
export interface ReceivedPush {
  /** the subscription's id (the endpoint's last segment) */
  subscriptionId: string;
  /** the decrypted payload, as text (the app sends JSON) */
  payload: string;
  /** the VAPID JWT's claims, after its ES256 signature was verified with the `k` key */
  claims: { aud: string; exp: number; sub: string };
  /** the VAPID public key the sender signed with (base64url) */
  vapidKey: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
}

/** A browser's PushSubscription as `toJSON()` gives it. */
export interface StandInSubscription {
  endpoint: string;
  expirationTime: null;
  keys: { p256dh: string; auth: string };
}

export interface RunningPushService {
  /** https://127.0.0.1:<port> (a self-signed certificate) */
  url: string;
  /** A new browser subscription: its endpoint on this service and its keys (the private half kept here). */
  subscribe(options?: { gone?: boolean }): StandInSubscription;
  /** Pushes received and decrypted, oldest first; refused ones are in `refused`. */
  received(): ReceivedPush[];
  refused(): { subscriptionId: string; status: number; reason: string }[];
  close(): Promise<void>;
}

function selfSigned(): { key: string; cert: string } {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.publicKeyFromPem(publicKey.export({ type: 'spki', format: 'pem' }).toString());
  cert.serialNumber = `0${createHash('sha256').update(String(Math.random())).digest('hex').slice(0, 15)}`;
  cert.validity.notBefore = new Date(Date.now() - 3600_000);
  cert.validity.notAfter = new Date(Date.now() + 365 * 24 * 3600_000);
  const subject = [{ name: 'commonName', value: '127.0.0.1' }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] }]);
  const pem = privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
  cert.sign(forge.pki.privateKeyFromPem(pem), forge.md.sha256.create());
  return { key: pem, cert: forge.pki.certificateToPem(cert) };
}

/** Verifies `vapid t=<jwt>, k=<key>` (RFC 8292): ES256 over the JWT with the P-256 key `k`. */
function verifyVapid(
  header: string | undefined,
  origin: string,
): { claims: ReceivedPush['claims']; key: string } | string {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+),\s*k=([\w-]+)$/.exec(header ?? '');
  if (!match) return 'missing or malformed vapid authorization';
  const [, head = '', body = '', signature = '', key = ''] = match;
  const raw = Buffer.from(key, 'base64url');
  if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 key';
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = createVerify('sha256')
    .update(`${head}.${body}`)
    .verify({ key: publicKey, dsaEncoding: 'ieee-p1363' }, Buffer.from(signature, 'base64url'));
  if (!ok) return 'bad vapid signature';
  const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as ReceivedPush['claims'];
  if (claims.aud !== origin) return `aud ${claims.aud} is not ${origin}`;
  if (!(claims.exp > Date.now() / 1000) || claims.exp > Date.now() / 1000 + 24 * 3600)
    return 'exp out of range';
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return 'sub must be mailto: or https:';
  return { claims, key };
}

/** Decrypts an aes128gcm Web Push body (RFC 8291) with the subscription's private key and auth secret. */
function decrypt(body: Buffer, ecdh: ECDH, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body[20] ?? 0;
  const senderKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = ecdh.computeSecret(senderKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderKey]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * A stand-in for a browser's push service (FCM, Mozilla autopush, Apple): HTTPS on loopback with a
 * self-signed certificate, subscriptions it hands out with real P-256 keys, and for each push the
 * checks a push service makes (VAPID JWT signed with `k`, audience, expiry, TTL) and what the
 * browser does (decrypts the aes128gcm payload). A subscription made with `gone` answers 410, as a
 * service does for an expired one.
 */
export async function startPushService(): Promise<RunningPushService> {
  const subscriptions = new Map<string, { ecdh: ECDH; auth: Buffer; gone: boolean }>();
  const received: ReceivedPush[] = [];
  const refused: { subscriptionId: string; status: number; reason: string }[] = [];
  const server = createServer(selfSigned(), (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const subscription = subscriptions.get(id);
      const refuse = (status: number, reason: string) => {
        refused.push({ subscriptionId: id, status, reason });
        response.statusCode = status;
        response.end(reason);
      };
      if (request.method !== 'POST') return refuse(405, 'method');
      if (!subscription) return refuse(404, 'no such subscription');
      if (subscription.gone) return refuse(410, 'subscription expired');
      const vapid = verifyVapid(request.headers.authorization, url);
      if (typeof vapid === 'string') return refuse(403, vapid);
      const ttl = Number(request.headers.ttl);
      if (!Number.isInteger(ttl) || ttl < 0) return refuse(400, 'TTL header required');
      if (request.headers['content-encoding'] !== 'aes128gcm') return refuse(415, 'aes128gcm only');
      let payload: string;
      try {
        payload = decrypt(Buffer.concat(chunks), subscription.ecdh, subscription.auth);
      } catch (error) {
        return refuse(400, `cannot decrypt: ${(error as Error).message}`);
      }
      received.push({
        subscriptionId: id,
        payload,
        claims: vapid.claims,
        vapidKey: vapid.key,
        ttl,
        urgency: (request.headers.urgency as string | undefined) ?? null,
        topic: (request.headers.topic as string | undefined) ?? null,
      });
      response.statusCode = 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    subscribe(options = {}) {
      const id = randomBytes(12).toString('base64url');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth, gone: options.gone ?? false });
      return {
        endpoint: `${url}/push/${id}`,
        expirationTime: null,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    received: () => [...received],
    refused: () => [...refused],
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

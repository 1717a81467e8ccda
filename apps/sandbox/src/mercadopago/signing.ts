import { createHmac } from 'node:crypto';

/**
 * The `x-signature` header of a notification: `ts=<unix seconds>,v1=<hex>`, where v1 is the
 * HMAC-SHA256, keyed with the application's webhook secret, of the manifest
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` — the scheme the official SDK's
 * `WebhookSignatureValidator` checks.
 */
export function signatureHeader(secret: string, dataId: string, requestId: string, ts: number): string {
  const manifest = `id:${dataId};request-id:${requestId};ts:${ts};`;
  const v1 = createHmac('sha256', secret).update(manifest).digest('hex');
  return `ts=${ts},v1=${v1}`;
}

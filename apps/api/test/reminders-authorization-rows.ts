import { createECDH, randomBytes } from 'node:crypto';
import { reminderConsentTexts } from '@alcancia/contract/reminders';
import type { InjectOptions } from 'fastify';

/**
 * Reminders in the authorization matrix (issue 44): every /api/users/me/reminders route answers
 * each member her own settings; a push subscription one member saved is refused to the other (409).
 */

interface RemindersRow {
  route: string;
  request: () => InjectOptions;
  owner: number[];
  other: number[];
}

const base = '/api/users/me/reminders';
/** one browser's subscription, on loopback (accepted outside production) */
const subscription = {
  endpoint: `http://127.0.0.1:9/push/${randomBytes(8).toString('hex')}`,
  expirationTime: null,
  keys: {
    p256dh: createECDH('prime256v1').generateKeys().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  },
};

export const remindersRows: RemindersRow[] = [
  { route: `GET ${base}`, request: () => ({ method: 'GET', url: base }), owner: [200], other: [200] },
  {
    route: `PUT ${base}`,
    request: () => ({
      method: 'PUT',
      url: base,
      payload: { channel: 'email', days: [1, 4], hour: 9, consentText: reminderConsentTexts.email },
    }),
    owner: [200],
    other: [200],
  },
  {
    route: `POST ${base}/whatsapp/phone`,
    request: () => ({ method: 'POST', url: `${base}/whatsapp/phone`, payload: { phone: '+5491123456789' } }),
    owner: [200],
    other: [200],
  },
  {
    route: `POST ${base}/whatsapp/confirm`,
    request: () => ({ method: 'POST', url: `${base}/whatsapp/confirm`, payload: { code: '12' } }),
    owner: [400],
    other: [400],
  },
  {
    route: `POST ${base}/push/subscriptions`,
    request: () => ({ method: 'POST', url: `${base}/push/subscriptions`, payload: subscription }),
    // the other member's call runs first and keeps the endpoint; the owner's, second, is refused
    owner: [409],
    other: [200],
  },
  {
    route: `DELETE ${base}/push/subscriptions`,
    request: () => ({
      method: 'DELETE',
      url: `${base}/push/subscriptions`,
      payload: { endpoint: subscription.endpoint },
    }),
    owner: [200],
    other: [200],
  },
  { route: `DELETE ${base}`, request: () => ({ method: 'DELETE', url: base }), owner: [200], other: [200] },
];

/** Not person-scoped: the WhatsApp webhook. */
export const remindersNotPersonScoped: Record<string, string> = {
  'GET /api/reminders/whatsapp/webhook': "Meta's subscription check: the verify token is the credential",
  'POST /api/reminders/whatsapp/webhook':
    'provider webhook, authenticated by its signature (X-Hub-Signature-256)',
};

import { createECDH, createHmac } from 'node:crypto';
import { Agent } from 'node:https';
import webpush from 'web-push';
import type { Config } from '../../config';

export interface StoredPushSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushPayload {
  title: string;
  body: string;
  url: string;
}

/** How one push went: delivered to the push service, gone (404/410: forget the subscription), or failed. */
export type PushOutcome = 'sent' | 'gone' | 'failed';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * The VAPID keys: configured (VAPID_*), or outside production without them a pair derived from the
 * process's session key (`secret`: JWT_SECRET or the one kept in DATA_DIR), so every process of one
 * deployment signs with the same pair and a restart keeps the browsers' subscriptions; production
 * without them: none (no push). The private key never leaves this object: not logged, not answered.
 */
export function vapidKeys(config: Config, secret: Uint8Array): VapidKeys | null {
  const push = config.reminders.push;
  if (push.mode === 'configured')
    return { publicKey: push.publicKey, privateKey: push.privateKey, subject: push.subject };
  if (push.mode === 'generated') return derivedVapidKeys(secret, push.subject);
  return null;
}

/** A P-256 pair whose private scalar is an HMAC of the secret: the same secret, the same pair. */
function derivedVapidKeys(secret: Uint8Array, subject: string): VapidKeys {
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(createHmac('sha256', secret).update('alcancia web push vapid').digest());
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: ecdh.getPrivateKey().toString('base64url'),
    subject,
  };
}

/** Web Push through the `web-push` library: encrypts the payload (aes128gcm) and signs with VAPID. */
export class WebPushSender {
  /** Outside production, a push service on loopback (the sandbox's stand-in) has a self-signed certificate. */
  private readonly loopbackAgent: Agent | null;

  constructor(
    private readonly keys: VapidKeys | null,
    isProduction: boolean,
  ) {
    this.loopbackAgent = isProduction ? null : new Agent({ rejectUnauthorized: false });
  }

  get publicKey(): string | null {
    return this.keys?.publicKey ?? null;
  }

  async send(subscription: StoredPushSubscription, payload: PushPayload): Promise<PushOutcome> {
    if (!this.keys) return 'failed';
    const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(subscription.endpoint).hostname);
    const agent = loopback && this.loopbackAgent ? { agent: this.loopbackAgent } : {};
    try {
      await webpush.sendNotification(
        { endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: this.keys,
          TTL: 6 * 3600,
          urgency: 'normal',
          topic: 'recordatorio',
          timeout: 10_000,
          ...agent,
        },
      );
      return 'sent';
    } catch (error) {
      const status = (error as { statusCode?: number }).statusCode;
      if (status === 404 || status === 410) return 'gone';
      return 'failed';
    }
  }
}

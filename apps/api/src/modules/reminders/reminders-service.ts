import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { resolveJwtSecret } from '../../plugins/authentication';
import { vapidKeys, WebPushSender } from '../../providers/push/web-push-sender';
import { WhatsAppClient } from '../../providers/whatsapp/whatsapp-client';
import { runReminders } from './due-reminders';

export interface RemindersService {
  whatsapp: WhatsAppClient;
  push: WebPushSender;
  /** One pass: claim what is due at `now`, send what waits (the job `reminders.send`). */
  run(now?: Date): Promise<{ claimed: number; sent: number }>;
}

declare module 'fastify' {
  interface FastifyInstance {
    reminders: RemindersService;
  }
}

/** The job's queue name. */
export const remindersJob = 'reminders.send';

/**
 * Decorates `app.reminders`: the WhatsApp Cloud API client (or its stand-in's address) and the Web
 * Push sender with the deployment's VAPID keys (configured, or outside production derived from the
 * session key, the same in every process).
 */
export function registerReminders(app: FastifyInstance, config: Config): void {
  const service: RemindersService = {
    whatsapp: new WhatsAppClient(config.reminders.whatsapp),
    push: new WebPushSender(vapidKeys(config, resolveJwtSecret(config)), config.isProduction),
    run: (now) => runReminders(app, now),
  };
  app.decorate('reminders', service);
}

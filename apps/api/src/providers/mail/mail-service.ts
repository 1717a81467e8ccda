import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { startDevMailCapture } from './dev-mail-capture';
import { MailDispatcher } from './mail-dispatcher';
import { enqueueMail, type OutgoingMail } from './outbox';

export interface MailService {
  /** Queues a mail outside any transaction and starts delivery. */
  send(mail: OutgoingMail): Promise<void>;
  /** Starts delivery of mail queued inside a transaction that has just committed. */
  kick(): void;
  /** Delivers everything due now. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

/** SMTP_URL when set; otherwise (never in production, see config) the local capture. */
export async function createMailService(
  config: Config,
  db: Database,
  logger: FastifyBaseLogger,
): Promise<MailService> {
  const capture = config.smtpUrl ? null : await startDevMailCapture(config, db);
  const smtpUrl = config.smtpUrl ?? capture?.url;
  if (!smtpUrl) throw new Error('SMTP no configurado');
  const dispatcher = new MailDispatcher({ db, smtpUrl, from: config.mailFrom, logger });
  return {
    async send(mail) {
      await enqueueMail(db, mail);
      dispatcher.kick();
    },
    kick: () => dispatcher.kick(),
    flush: () => dispatcher.flush(),
    async close() {
      await dispatcher.close();
      await capture?.close();
    },
  };
}

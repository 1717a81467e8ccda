import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../../db/client';
import { claimDueMails, markFailedAttempt, markSent } from './outbox';

export interface MailDispatcherOptions {
  db: Database;
  smtpUrl: string;
  from: string;
  logger: FastifyBaseLogger;
}

/**
 * Delivers the outbox over SMTP with nodemailer, right after a kick (a mail was just queued, so it
 * leaves at once), and when the `mail.drain` job (src/background-jobs.ts, every minute, once across
 * processes) asks for retries whose backoff ended. Only one drain runs at a time per process.
 */
export class MailDispatcher {
  private readonly transport: Transporter;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly options: MailDispatcherOptions) {
    // nodemailer's defaults wait up to 2 minutes to connect and 10 minutes on a silent socket:
    // longer than the outbox's lease (outbox.ts, leaseSeconds), after which another process could
    // claim and send the same mail. These end a send to a hanging server well inside it.
    this.transport = nodemailer.createTransport({
      url: options.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
  }

  /** Starts a drain soon; never throws. */
  kick(): void {
    void this.flush().catch((error: unknown) =>
      this.options.logger.error({ err: error }, 'mail drain failed'),
    );
  }

  /** Sends every due mail; resolves when the outbox has nothing due. Tests await it. */
  flush(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async drain(): Promise<void> {
    do {
      this.again = false;
      for (;;) {
        // One mail per claim: its lease covers one send's worst case, not a batch's.
        const batch = await claimDueMails(this.options.db, 1);
        if (batch.length === 0) break;
        for (const mail of batch) {
          try {
            await this.transport.sendMail({
              from: this.options.from,
              to: mail.to,
              subject: mail.subject,
              text: mail.text,
              html: mail.html,
              attachments: mail.attachments.map((file) => ({
                filename: file.filename,
                contentType: file.contentType,
                content: Buffer.from(file.contentBase64, 'base64'),
              })),
            });
            await markSent(this.options.db, mail.id);
          } catch (error) {
            const reason = error instanceof Error ? error.message : String(error);
            // The address is personal data; the outbox id is enough to find the mail.
            this.options.logger.warn({ mailId: mail.id, attempt: mail.attempts, reason }, 'mail not sent');
            await markFailedAttempt(this.options.db, mail, reason);
          }
        }
      }
    } while (this.again);
  }

  async close(): Promise<void> {
    await this.running;
    this.stopped = true;
    this.transport.close();
  }
}

import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ParsedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port>, to hand to nodemailer */
  url: string;
  close(): Promise<void>;
}

/**
 * A real SMTP server on loopback that accepts every message and hands it, parsed, to `onMail`.
 * It stands in for the mail provider in development and tests, so nodemailer really speaks SMTP.
 */
export async function startSmtpCapture(
  onMail: (mail: ParsedMail) => Promise<void>,
  /** `port`: listen there instead of any free port (a test restarting "the" mail server) */
  options: { port?: number } = {},
): Promise<SmtpCapture> {
  const server = new SMTPServer({
    authOptional: true,
    // closing does not wait for idle clients (nodemailer sends and quits)
    closeTimeout: 200,
    disabledCommands: ['STARTTLS'],
    logger: false,
    size: 5 * 1024 * 1024,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) =>
          onMail({
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((file) => ({
              filename: file.filename ?? '',
              contentType: file.contentType,
              content: file.content,
            })),
          }),
        )
        .then(() => callback())
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import type { SmtpCapture } from '@alcancia/sandbox';
import type { Database } from '../../db/client';
import { devMailbox } from '../../db/schema';
import { loadSandbox } from '../sandbox';

/**
 * Outside production, with no SMTP_URL, mail goes over real SMTP to a local capture server and is
 * stored in `dev_mailbox`, readable at /dev/correo and GET /api/dev/mailbox.
 */
export async function startDevMailCapture(
  config: { isProduction: boolean },
  db: Database,
): Promise<SmtpCapture> {
  const { startSmtpCapture } = await loadSandbox(config);
  return startSmtpCapture(async (mail) => {
    const rows = mail.to.map((to) => ({
      to,
      from: mail.from,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: mail.attachments.map((file) => ({
        filename: file.filename,
        contentType: file.contentType,
        contentBase64: file.content.toString('base64'),
      })),
    }));
    if (rows.length > 0) await db.insert(devMailbox).values(rows);
  });
}

import { type APIRequestContext, expect } from '@playwright/test';

export interface CapturedMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files that came with it, their bytes in base64. */
  attachments: { filename: string; contentType: string; contentBase64: string }[];
  createdAt: string;
}

/**
 * Waits for the newest captured mail to `to` whose subject contains `subject` (mail leaves
 * through an outbox, so it may take a moment). Reads GET /api/dev/mailbox like a developer would.
 */
export async function waitForMail(
  request: APIRequestContext,
  to: string,
  subject: string,
  { after, timeout = 15_000 }: { after?: Date; timeout?: number } = {},
): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get('/api/dev/mailbox', { params: { to } });
        if (!response.ok()) return false;
        const mails = (await response.json()) as CapturedMail[];
        found = mails.find(
          (mail) =>
            mail.subject.includes(subject) &&
            (!after || new Date(mail.createdAt).getTime() >= after.getTime()),
        );
        return Boolean(found);
      },
      { timeout, message: `no mail "${subject}" to ${to}` },
    )
    .toBe(true);
  if (!found) throw new Error('unreachable');
  return found;
}

/** The first link of the mail's text to `path` (e.g. "/validate"), as a path plus query. */
export function linkIn(mail: CapturedMail, path: string): string {
  const match = mail.text.match(new RegExp(`https?://[^\\s]+${path}\\?[^\\s]+`));
  if (!match) throw new Error(`no ${path} link in: ${mail.text}`);
  const url = new URL(match[0]);
  return `${url.pathname}${url.search}`;
}

/** The 6-digit code of the mail. */
export function codeIn(mail: CapturedMail): string {
  const match = mail.text.match(/\b(\d{6})\b/);
  if (!match?.[1]) throw new Error(`no code in: ${mail.text}`);
  return match[1];
}

import { escapeHtml } from '../../lib/spanish-format';
import type { OutgoingMail } from './outbox';

// The one look of the product's plain mails: a heading (the subject), a greeting, paragraphs and
// at most one button, in HTML and in text. Spanish copy comes from each module's mail file, with
// the formats of lib/spanish-format.ts.

export interface MailCopy {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  link?: { href: string; label: string };
}

export function layoutMail({ to, subject, greeting, paragraphs, link }: MailCopy): OutgoingMail {
  const footer = 'Alcancía · Educación financiera para mujeres';
  const text = [
    greeting,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(link ? [`${link.label}: ${link.href}`, ''] : []),
    footer,
  ].join('\n');
  const button = link
    ? `<p><a href="${escapeHtml(link.href)}" style="display:inline-block;background:#5b2a86;color:#fff;padding:12px 20px;border-radius:24px;text-decoration:none;font-weight:bold">${escapeHtml(link.label)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f1a24;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#5b2a86;font-size:22px">${escapeHtml(subject)}</h1>
<p>${escapeHtml(greeting)}</p>
${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${button}
<p style="color:#5a5360;font-size:13px;margin-top:32px">${footer}</p></body></html>`;
  return { to, subject, text, html };
}

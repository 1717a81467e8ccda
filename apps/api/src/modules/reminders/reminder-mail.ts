import { escapeHtml } from '../../lib/spanish-format';
import type { OutgoingMail } from '../../providers/mail/outbox';
import type { ReminderMessage } from './reminder-message';

/** The e-mail reminder: the day's text, a button to where she continues, how to stop. */
export function reminderMail(
  to: string,
  name: string,
  message: ReminderMessage,
  publicUrl: string,
): OutgoingMail {
  const link = `${publicUrl}${message.url}`;
  const stop = `${publicUrl}/mi-cuenta/recordatorios`;
  const greeting = `Hola ${name.trim().split(/\s+/)[0] || ''}:`.replace(' :', ':');
  const text = [
    greeting,
    '',
    message.body,
    '',
    `Seguí acá: ${link}`,
    '',
    `Para dejar de recibir estos recordatorios: ${stop}`,
    '',
    'Alcancía · Educación financiera para mujeres',
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f1a24;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#5b2a86;font-size:22px">${escapeHtml(message.title)}</h1>
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(message.body)}</p>
<p><a href="${escapeHtml(link)}" style="display:inline-block;background:#5b2a86;color:#fff;padding:12px 20px;border-radius:8px;text-decoration:none">Seguir</a></p>
<p style="color:#5a5360;font-size:13px;margin-top:32px">Recibís este correo porque activaste los recordatorios. <a href="${escapeHtml(stop)}">Desactivarlos</a>.<br>Alcancía · Educación financiera para mujeres</p></body></html>`;
  return { to, subject: `${message.title} · Alcancía`, text, html };
}

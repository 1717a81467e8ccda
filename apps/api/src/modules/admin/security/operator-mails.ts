import { escapeHtml } from '../../../lib/spanish-format';
import type { OutgoingMail } from '../../../providers/mail/outbox';

/** To an operator whose second factor was just replaced (issue 29): if it was not her, she says so. */
export function secondFactorReplacedMail(to: string, name: string): OutgoingMail {
  const paragraphs = [
    'Registraste una nueva aplicación de autenticación para entrar al panel de Alcancía y recibiste 10 códigos de recuperación nuevos.',
    'La aplicación y los códigos de recuperación anteriores ya no sirven.',
    'Si no fuiste vos, avisale ahora mismo a una administradora de Alcancía y cambiá tu contraseña desde «¿Olvidaste tu contraseña?».',
  ];
  return {
    to,
    subject: 'Cambiaste el segundo factor de tu acceso a Alcancía',
    text: `Hola ${name}:\n\n${paragraphs.join('\n\n')}`,
    html: `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f1a24;max-width:560px;margin:0 auto;padding:24px">
<p>Hola ${escapeHtml(name)}:</p>${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}
<p style="color:#5a5360;font-size:13px;margin-top:32px">Alcancía · Educación financiera para mujeres</p></body></html>`,
  };
}

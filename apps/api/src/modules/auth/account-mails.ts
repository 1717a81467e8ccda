import { escapeHtml } from '../../lib/spanish-format';
import type { OutgoingMail } from '../../providers/mail/outbox';

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f1a24;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#5b2a86;font-size:22px">${escapeHtml(title)}</h1>${body}
<p style="color:#5a5360;font-size:13px;margin-top:32px">Alcancía · Educación financiera para mujeres</p></body></html>`;
}

function button(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#5b2a86;color:#fff;padding:12px 20px;border-radius:24px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

function linkTo(publicUrl: string, path: string, params: Record<string, string>): string {
  return `${publicUrl}${path}?${new URLSearchParams(params).toString()}`;
}

export function validationMail(publicUrl: string, to: string, name: string, code: string): OutgoingMail {
  const link = linkTo(publicUrl, '/validate', { email: to, validationCode: code });
  return {
    to,
    subject: 'Validá tu cuenta de Alcancía',
    text: `Hola ${name}:\n\nTu código de validación es ${code}.\nTambién podés validar tu cuenta desde este enlace:\n${link}\n\nEl código vence en 24 horas. Si no creaste una cuenta, ignorá este correo.`,
    html: layout(
      `Hola ${name}, validá tu cuenta`,
      `<p>Tu código de validación es <strong style="font-size:20px;letter-spacing:2px">${escapeHtml(code)}</strong>.</p>
${button(link, 'Validar mi cuenta')}<p>El código vence en 24 horas. Si no creaste una cuenta, ignorá este correo.</p>`,
    ),
  };
}

export function recoveryMail(publicUrl: string, to: string, name: string, code: string): OutgoingMail {
  const link = linkTo(publicUrl, '/recover', { email: to, validationCode: code });
  return {
    to,
    subject: 'Recuperá tu contraseña de Alcancía',
    text: `Hola ${name}:\n\nTu código para crear una nueva contraseña es ${code}.\nCreala desde este enlace:\n${link}\n\nEl código vence en 1 hora. Si no lo pediste, ignorá este correo: tu contraseña no cambió.`,
    html: layout(
      `Hola ${name}, creá una nueva contraseña`,
      `<p>Tu código es <strong style="font-size:20px;letter-spacing:2px">${escapeHtml(code)}</strong>.</p>
${button(link, 'Crear nueva contraseña')}<p>El código vence en 1 hora. Si no lo pediste, ignorá este correo: tu contraseña no cambió.</p>`,
    ),
  };
}

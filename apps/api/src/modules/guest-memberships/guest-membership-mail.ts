import { escapeHtml, spanishDate } from '../../lib/spanish-format';
import type { OutgoingMail } from '../../providers/mail/outbox';

const link = (publicUrl: string, path: string, params: Record<string, string>) =>
  `${publicUrl}${path}?${new URLSearchParams(params).toString()}`;

function button(href: string, label: string): string {
  return `<p><a href="${escapeHtml(href)}" style="display:inline-block;background:#5b2a86;color:#fff;padding:12px 20px;border-radius:24px;text-decoration:none;font-weight:bold">${escapeHtml(label)}</a></p>`;
}

export interface GuestMembershipMailInput {
  publicUrl: string;
  to: string;
  name: string;
  tierTitle: string;
  /** last day of access, YYYY-MM-DD (Argentina) */
  endDate: string;
  /** a reset_password code: the account has no password yet */
  setPasswordCode: string | null;
  /** a login_link code: one click into the academy */
  loginCode: string | null;
}

/**
 * The one e-mail of an approved guest purchase: the membership is active until a date, and how to
 * get in. Without a password the buyer gets the password page (/recover, the recovery e-mail's
 * page) with a fresh code; everyone gets a one-click login link (the entry wrapper's
 * verification_code + email, which restores the session on any page).
 */
export function guestMembershipMail(input: GuestMembershipMailInput): OutgoingMail {
  const { publicUrl, to, name, tierTitle, setPasswordCode, loginCode } = input;
  const until = spanishDate(input.endDate);
  const passwordLink = setPasswordCode
    ? link(publicUrl, '/recover', { email: to, validationCode: setPasswordCode })
    : null;
  const loginLink = loginCode
    ? link(publicUrl, '/academy', { email: to, verification_code: loginCode })
    : null;
  const loginPage = `${publicUrl}/login`;

  const text = [
    `Hola ${name}:`,
    '',
    `¡Gracias por tu compra! Tu ${tierTitle} está activa hasta el ${until}.`,
    '',
    ...(passwordLink
      ? [
          'Creá tu contraseña desde este enlace (vence en 1 hora):',
          passwordLink,
          'Si venció, pedí uno nuevo con «¿Olvidaste tu contraseña?» al iniciar sesión.',
          '',
        ]
      : []),
    ...(loginLink
      ? [
          'Para entrar ahora a la academia, sin contraseña, usá este enlace (vale una vez, por 24 horas):',
          loginLink,
        ]
      : ['Entrá a la academia con tu correo y tu contraseña:', loginPage]),
    '',
    `Tu usuario es ${to}.`,
  ].join('\n');

  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f1a24;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#5b2a86;font-size:22px">${escapeHtml(`Hola ${name}, tu membresía está activa`)}</h1>
<p>¡Gracias por tu compra! Tu ${escapeHtml(tierTitle)} está activa hasta el <strong>${escapeHtml(until)}</strong>.</p>
${
  passwordLink
    ? `<p>Creá tu contraseña para entrar cuando quieras. El enlace vence en 1 hora; si venció, pedí uno nuevo con «¿Olvidaste tu contraseña?» al iniciar sesión.</p>
${button(passwordLink, 'Crear mi contraseña')}`
    : ''
}
${
  loginLink
    ? `<p>Para entrar ahora, sin contraseña (el enlace vale una vez, por 24 horas):</p>${button(loginLink, 'Entrar a la academia')}`
    : `<p>Entrá con tu correo y tu contraseña.</p>${button(loginPage, 'Iniciar sesión')}`
}
<p>Tu usuario es ${escapeHtml(to)}.</p>
<p style="color:#5a5360;font-size:13px;margin-top:32px">Alcancía · Educación financiera para mujeres</p></body></html>`;

  return { to, subject: `Tu ${tierTitle} de Alcancía está activa`, text, html };
}

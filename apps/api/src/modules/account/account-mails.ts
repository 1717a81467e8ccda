import { escapeHtml } from '../../lib/spanish-format';
import type { OutgoingMail } from '../../providers/mail/outbox';

// The mails about her data and her account: the code that proves a new e-mail, the notice to the
// old one, the password change, the code to delete an account without a password, the goodbye.

interface Copy {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  /** a code, shown large in the HTML and on its own line in the text */
  code?: string;
}

function mail({ to, subject, greeting, paragraphs, code }: Copy): OutgoingMail {
  const footer = 'Alcancía · Educación financiera para mujeres';
  const [first = '', ...rest] = paragraphs;
  const text = [
    greeting,
    '',
    first,
    '',
    ...(code ? [code, ''] : []),
    ...rest.flatMap((p) => [p, '']),
    footer,
  ].join('\n');
  const codeHtml = code
    ? `<p><strong style="font-size:22px;letter-spacing:3px">${escapeHtml(code)}</strong></p>`
    : '';
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f1a24;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#5b2a86;font-size:22px">${escapeHtml(greeting)}</h1>
<p>${escapeHtml(first)}</p>${codeHtml}${rest.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}
<p style="color:#5a5360;font-size:13px;margin-top:32px">${footer}</p></body></html>`;
  return { to, subject, text, html };
}

/** To the NEW address: the code that proves it is hers. */
export function emailChangeCodeMail(to: string, name: string, code: string): OutgoingMail {
  return mail({
    to,
    subject: 'Confirmá tu nuevo correo en Alcancía',
    greeting: `Hola ${name}:`,
    paragraphs: [
      'Pediste usar este correo en tu cuenta de Alcancía. Tu código para confirmarlo es:',
      'Escribilo en Mi cuenta › Datos. Vence en 1 hora.',
      'Si no lo pediste, ignorá este correo: tu cuenta no cambia.',
    ],
    code,
  });
}

/** To the OLD address, once the new one is confirmed. */
export function emailChangedNoticeMail(to: string, name: string, newEmail: string): OutgoingMail {
  return mail({
    to,
    subject: 'Cambiaste el correo de tu cuenta de Alcancía',
    greeting: `Hola ${name}:`,
    paragraphs: [
      `El correo de tu cuenta de Alcancía ahora es ${newEmail}. Desde hoy iniciás sesión con ese correo y te escribimos ahí.`,
      'Si no fuiste vos, escribinos por el chat de ayuda o respondé este correo cuanto antes.',
    ],
  });
}

/** To her, after a password change while logged in. */
export function passwordChangedMail(to: string, name: string): OutgoingMail {
  return mail({
    to,
    subject: 'Cambiaste tu contraseña de Alcancía',
    greeting: `Hola ${name}:`,
    paragraphs: [
      'Tu contraseña de Alcancía cambió. Cerramos tu sesión en los demás dispositivos.',
      'Si no fuiste vos, creá una nueva desde «¿Olvidaste tu contraseña?» y escribinos por el chat de ayuda.',
    ],
  });
}

/** To an account without a password (social login): the code that confirms the deletion. */
export function deletionCodeMail(to: string, name: string, code: string): OutgoingMail {
  return mail({
    to,
    subject: 'Tu código para eliminar tu cuenta de Alcancía',
    greeting: `Hola ${name}:`,
    paragraphs: [
      'Pediste eliminar tu cuenta de Alcancía. Tu código para confirmarlo es:',
      'Vence en 1 hora. Si no lo pediste, ignorá este correo: tu cuenta sigue igual.',
    ],
    code,
  });
}

/** To the address she had, once the account is deleted. */
export function goodbyeMail(to: string, name: string): OutgoingMail {
  return mail({
    to,
    subject: 'Eliminamos tu cuenta de Alcancía',
    greeting: `Hola ${name}:`,
    paragraphs: [
      'Eliminamos tu cuenta de Alcancía, como pediste. Borramos tus datos personales, tu progreso y tus certificados, y cerramos tu sesión en todos tus dispositivos. Si tenías una suscripción, no se te va a cobrar de nuevo.',
      'Tus pagos quedan registrados sin tus datos personales, porque la ley nos obliga a conservarlos para la contabilidad.',
      'Gracias por haber aprendido con nosotras. Si querés volver, podés crear una cuenta nueva cuando quieras.',
    ],
  });
}

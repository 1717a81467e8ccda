import type { OutgoingMail } from '../../providers/mail/outbox';

// The mails of a subscription after the sale: cancellation ("código de baja"), a refused renewal,
// the end of access after the grace period, and the annual renewal reminder. Spanish, voseo.

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const pesos = (centavos: number) =>
  new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(centavos / 100);

/** "22 de noviembre de 2026" for an Argentina date (YYYY-MM-DD). */
export const longDate = (date: string) =>
  new Intl.DateTimeFormat('es-AR', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date.slice(0, 10)}T12:00:00Z`));

interface Copy {
  to: string;
  subject: string;
  greeting: string;
  paragraphs: string[];
  link?: { href: string; label: string };
}

function mail({ to, subject, greeting, paragraphs, link }: Copy): OutgoingMail {
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

export function cancellationMail(input: {
  to: string;
  name: string;
  planName: string;
  accessUntil: string | null;
  cancellationCode: string;
  publicUrl: string;
}): OutgoingMail {
  return mail({
    to: input.to,
    subject: 'Cancelaste tu suscripción',
    greeting: `Hola ${input.name}:`,
    paragraphs: [
      `Cancelaste tu suscripción al ${input.planName}. No te vamos a cobrar más.`,
      `Tu código de baja es ${input.cancellationCode}. Guardalo: es el comprobante de tu cancelación.`,
      input.accessUntil
        ? `Seguís teniendo acceso a todo lo que incluye tu plan hasta el ${longDate(input.accessUntil)}. Si cambiás de idea antes de esa fecha, podés reactivarla desde Mi cuenta sin pagar nada hasta entonces.`
        : 'Tu acceso terminó.',
    ],
    link: { href: `${input.publicUrl}/mi-cuenta/suscripcion`, label: 'Ver mi suscripción' },
  });
}

export function pastDueMail(input: {
  to: string;
  name: string;
  planName: string;
  amountCentavos: number;
  graceUntil: string;
  publicUrl: string;
}): OutgoingMail {
  return mail({
    to: input.to,
    subject: 'No pudimos cobrar tu suscripción',
    greeting: `Hola ${input.name}:`,
    paragraphs: [
      `Intentamos cobrar ${pesos(input.amountCentavos)} de tu suscripción al ${input.planName} y tu tarjeta lo rechazó.`,
      `Vas a seguir teniendo acceso hasta el ${longDate(input.graceUntil)}. Mientras tanto, Mercado Pago vuelve a intentar el cobro en los próximos días.`,
      'Para no perder tu acceso, cambiá la tarjeta de tu suscripción desde Mi cuenta: la cobramos en el momento.',
    ],
    link: { href: `${input.publicUrl}/mi-cuenta/suscripcion`, label: 'Cambiar mi tarjeta' },
  });
}

export function subscriptionEndedMail(input: {
  to: string;
  name: string;
  planName: string;
  publicUrl: string;
}): OutgoingMail {
  return mail({
    to: input.to,
    subject: 'Tu suscripción terminó',
    greeting: `Hola ${input.name}:`,
    paragraphs: [
      `No pudimos cobrar tu suscripción al ${input.planName} y el plazo para regularizarla terminó, así que la dimos de baja. No te vamos a cobrar más.`,
      'Tu progreso y tus certificados siguen guardados. Para volver a tener acceso a los cursos, elegí un plan y suscribite de nuevo.',
    ],
    link: { href: `${input.publicUrl}/compra/suscripcion`, label: 'Suscribirme de nuevo' },
  });
}

export function renewalReminderMail(input: {
  to: string;
  name: string;
  planName: string;
  amountCentavos: number;
  renewalDate: string;
  publicUrl: string;
}): OutgoingMail {
  return mail({
    to: input.to,
    subject: 'Tu suscripción anual se renueva en 7 días',
    greeting: `Hola ${input.name}:`,
    paragraphs: [
      `El ${longDate(input.renewalDate)} se renueva tu suscripción anual al ${input.planName} y vamos a cobrar ${pesos(input.amountCentavos)} en tu tarjeta.`,
      'Si querés seguir, no tenés que hacer nada. Si no, podés cancelarla desde Mi cuenta antes de esa fecha.',
    ],
    link: { href: `${input.publicUrl}/mi-cuenta/suscripcion`, label: 'Ver mi suscripción' },
  });
}

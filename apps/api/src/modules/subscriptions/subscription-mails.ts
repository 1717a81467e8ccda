import { pesos, spanishDate } from '../../lib/spanish-format';
import { layoutMail as mail } from '../../providers/mail/mail-layout';
import type { OutgoingMail } from '../../providers/mail/outbox';

// The mails of a subscription after the sale: cancellation ("código de baja"), a refused renewal,
// the end of access after the grace period, and the annual renewal reminder. Spanish, voseo.

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
        ? `Seguís teniendo acceso a todo lo que incluye tu plan hasta el ${spanishDate(input.accessUntil)}. Si cambiás de idea antes de esa fecha, podés reactivarla desde Mi cuenta sin pagar nada hasta entonces.`
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
      `Vas a seguir teniendo acceso hasta el ${spanishDate(input.graceUntil)}. Mientras tanto, Mercado Pago vuelve a intentar el cobro en los próximos días.`,
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
      `El ${spanishDate(input.renewalDate)} se renueva tu suscripción anual al ${input.planName} y vamos a cobrar ${pesos(input.amountCentavos)} en tu tarjeta.`,
      'Si querés seguir, no tenés que hacer nada. Si no, podés cancelarla desde Mi cuenta antes de esa fecha.',
    ],
    link: { href: `${input.publicUrl}/mi-cuenta/suscripcion`, label: 'Ver mi suscripción' },
  });
}

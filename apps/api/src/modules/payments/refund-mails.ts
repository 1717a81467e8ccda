import { escapeHtml, pesos } from '../../lib/spanish-format';
import type { OutgoingMail } from '../../providers/mail/outbox';

const reasons: Record<string, { subject: string; lead: string }> = {
  duplicate_payment: {
    subject: 'Te devolvimos un pago duplicado',
    lead: 'Recibimos dos pagos por la misma compra. Tu compra ya estaba paga con el primero, así que te devolvimos el segundo completo.',
  },
  withdrawal: {
    subject: 'Ya te devolvimos el pago de la compra de la que te arrepentiste',
    lead: 'Cuando usaste el botón de arrepentimiento te dijimos que la devolución iba a llegar en cuanto el medio de pago la aceptara. Ya la hicimos, completa.',
  },
  operator: {
    subject: 'Te devolvimos un pago',
    lead: 'Nuestro equipo de atención te devolvió este pago a tu medio de pago.',
  },
  upgrade: {
    subject: 'Ya te devolvimos los días no usados de tu plan anterior',
    lead: 'Cuando cambiaste de plan te dijimos que la devolución de los días no usados de tu plan anterior iba a llegar dentro de 10 días hábiles. Ya la hicimos.',
  },
};

/** The buyer's notice that a refund went through (a duplicate payment, or a late upgrade refund). */
export function refundDoneMail(input: {
  to: string;
  reason: string;
  amountCentavos: number;
  providerPaymentId: string;
}): OutgoingMail {
  const copy = reasons[input.reason] ?? {
    subject: 'Te devolvimos un pago',
    lead: 'Hicimos una devolución a tu medio de pago.',
  };
  const amount = pesos(input.amountCentavos);
  const timing =
    'Según tu banco o tarjeta, puede tardar unos días en verse en tu resumen o en tu cuenta de Mercado Pago.';
  const text = [
    'Hola:',
    '',
    copy.lead,
    '',
    `Monto devuelto: ${amount}`,
    `Número de operación del pago: ${input.providerPaymentId}`,
    '',
    timing,
    '',
    'Alcancía · Educación financiera para mujeres',
  ].join('\n');
  const html = `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f1a24;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#5b2a86;font-size:22px">${escapeHtml(copy.subject)}</h1>
<p>${escapeHtml(copy.lead)}</p>
<p>Monto devuelto: <strong>${escapeHtml(amount)}</strong><br>Número de operación del pago: ${escapeHtml(input.providerPaymentId)}</p>
<p>${escapeHtml(timing)}</p>
<p style="color:#5a5360;font-size:13px;margin-top:32px">Alcancía · Educación financiera para mujeres</p></body></html>`;
  return { to: input.to, subject: copy.subject, text, html };
}

import { escapeHtml, pesos, spanishDate } from '../../lib/spanish-format';
import type { OutgoingMail } from '../../providers/mail/outbox';

const footer = 'Alcancía · Educación financiera para mujeres';

function page(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p).replace(/\n/g, '<br>')}</p>`).join('\n');
  return `<!doctype html><html lang="es"><body style="font-family:Arial,sans-serif;color:#1f1a24;max-width:560px;margin:0 auto;padding:24px">
<h1 style="color:#5b2a86;font-size:22px">${escapeHtml(title)}</h1>
${body}
<p style="color:#5a5360;font-size:13px;margin-top:32px">${escapeHtml(footer)}</p></body></html>`;
}

/** The buyer's proof of her withdrawal: the revocation code, what was revoked and the refund. */
export function withdrawalDoneMail(input: {
  to: string;
  revocationCode: string;
  concept: string;
  amountCentavos: number;
  providerPaymentId: string;
  /** what ends: the program, the plan, the membership */
  accessNote: string;
}): OutgoingMail {
  const subject = `Te arrepentiste de tu compra: código ${input.revocationCode}`;
  const paragraphs = [
    'Hola:',
    'Recibimos tu arrepentimiento de la compra (Resolución 424/2020) y lo dimos por hecho.',
    `Código de arrepentimiento: ${input.revocationCode}\nCompra: ${input.concept}\nNúmero de operación: ${input.providerPaymentId}\nImporte que te devolvemos: ${pesos(input.amountCentavos)}`,
    `Te devolvemos el pago completo al mismo medio con el que pagaste. Según tu banco o tarjeta, puede tardar unos días en verse en tu resumen o en tu cuenta de Mercado Pago. ${input.accessNote}`,
    'Guardá este correo: el código identifica tu pedido si necesitás consultarnos.',
  ];
  return {
    to: input.to,
    subject,
    text: [...paragraphs, footer].join('\n\n'),
    html: page('Tu arrepentimiento quedó registrado', paragraphs),
  };
}

/** The code a guest types to confirm her withdrawal (sent only to the purchase's e-mail). */
export function withdrawalCodeMail(input: {
  to: string;
  code: string;
  concept: string;
  providerPaymentId: string;
  minutes: number;
}): OutgoingMail {
  const paragraphs = [
    'Hola:',
    `Pediste arrepentirte de la compra «${input.concept}» (número de operación ${input.providerPaymentId}).`,
    `Tu código de confirmación es: ${input.code}`,
    `Escribilo en la página del botón de arrepentimiento para confirmar. Vence en ${input.minutes} minutos.`,
    'Si no lo pediste vos, ignorá este correo: sin el código no se hace nada.',
  ];
  return {
    to: input.to,
    subject: 'Tu código para confirmar el arrepentimiento de tu compra',
    text: [...paragraphs, footer].join('\n\n'),
    html: page('Confirmá tu arrepentimiento', paragraphs),
  };
}

/** "El plazo para arrepentirte venció el 3 de diciembre de 2026." */
export const windowClosedMessage = (until: string) =>
  `El plazo de 10 días para arrepentirte de esta compra venció el ${spanishDate(until)}.`;

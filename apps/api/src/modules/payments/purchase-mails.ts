import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { pesos, spanishDate } from '../../lib/spanish-format';
import { layoutMail } from '../../providers/mail/mail-layout';
import { enqueueMail, type OutgoingMail } from '../../providers/mail/outbox';
import { financingText, installmentsText, paidTermsOf } from './paid-terms';
import type { PaymentRow } from './record-payment';
import { withdrawableUntil } from './withdrawal-window';

/**
 * The confirmation of a purchase (decision 88): a program or pack (paid, or given by a code), or
 * a subscription's start (its first charge, a free trial, or a free period given by a code). Sent once, from the transaction that grants the access, so a
 * webhook replay or a second tab never sends it twice and a rolled-back grant sends nothing. It
 * says what she bought, what she paid and how, where the receipt is and, for a payment, until
 * when she can use the "botón de arrepentimiento" (Resolución 424/2020).
 */
export interface PurchaseMailInput {
  publicUrl: string;
  to: string;
  name: string;
  kind: 'program' | 'subscription';
  /** the program's or pack's name, or the plan's ("Plan Esencial") */
  product: string;
  /** the approved charge; null for a free trial */
  payment: Pick<
    PaymentRow,
    | 'amountCentavos'
    | 'installments'
    | 'totalPaidCentavos'
    | 'installmentCentavos'
    | 'cardLastFour'
    | 'providerPaymentId'
    | 'approvedAt'
  > | null;
  /** subscriptions: the next charge date (the end of the paid or trial period), YYYY-MM-DD */
  nextChargeDate?: string | null;
  /** programs given by a code (no payment): the code, and the program's id for the link */
  freeCode?: { code: string; programId: string };
  /** a subscription's free period given by a code (no card, nothing to charge): the code */
  freePeriodCode?: string;
}

/** The last day she may withdraw a payment approved at `approvedAt` that was just granted. */
const lastWithdrawalDay = (approvedAt: Date, kind: PurchaseMailInput['kind']) =>
  withdrawableUntil({
    kind,
    status: 'approved',
    approvedAt,
    grantedAt: approvedAt,
    // just granted: nothing of it refunded, so any amount leaves it all to withdraw
    amountCentavos: 1,
    refundedCentavos: 0,
    refundingCentavos: 0,
    isFirstCharge: true,
    orderStatus: kind === 'program' ? 'paid' : 'active',
    alreadyWithdrawn: false,
  });

export function purchaseConfirmedMail(input: PurchaseMailInput): OutgoingMail {
  const { payment, kind, product } = input;
  const plan = kind === 'subscription';
  const terms = payment ? paidTermsOf(payment) : null;
  const financing = terms ? financingText(terms) : null;
  // In the checkout's words (decision 0103): the total, each cuota and the financing cost.
  const paid =
    payment && terms
      ? [
          `Pagaste ${terms.installments > 1 ? installmentsText(terms) : pesos(terms.totalPaidCentavos)}${payment.cardLastFour ? ` con la tarjeta terminada en ${payment.cardLastFour}` : ''} el ${spanishDate(argentinaDate(payment.approvedAt ?? new Date()))}. Número de operación: ${payment.providerPaymentId}.`,
          ...(financing ? [financing] : []),
          'Tu comprobante está en Mi cuenta, en Pagos.',
        ]
      : [];
  const until = payment ? lastWithdrawalDay(payment.approvedAt ?? new Date(), kind) : null;
  const withdrawal = until
    ? [
        `Si te arrepentís, tenés hasta el ${spanishDate(until)} (10 días corridos) para pedir la devolución total${terms && terms.installments > 1 ? ` de lo que pagaste (${pesos(terms.totalPaidCentavos)})` : ''} con el botón de arrepentimiento, en Mi cuenta, en Pagos. No hace falta que nos digas por qué.`,
      ]
    : [];
  const next = input.nextChargeDate ? spanishDate(input.nextChargeDate) : null;

  if (!plan && input.freeCode) {
    return layoutMail({
      to: input.to,
      subject: `Ya tenés ${product}`,
      greeting: `Hola ${input.name}:`,
      paragraphs: [
        `Activaste el código ${input.freeCode.code} y ya tenés acceso a ${product} en la academia, sin costo.`,
      ],
      link: {
        href: `${input.publicUrl}/academy/${encodeURIComponent(input.freeCode.programId)}`,
        label: 'Ir al programa',
      },
    });
  }
  if (!plan) {
    return layoutMail({
      to: input.to,
      subject: `Confirmamos tu compra: ${product}`,
      greeting: `Hola ${input.name}:`,
      paragraphs: [
        `¡Gracias por tu compra! Ya tenés acceso a ${product} en la academia.`,
        ...paid,
        ...withdrawal,
      ],
      link: { href: `${input.publicUrl}/mi-cuenta/pagos`, label: 'Ver mis pagos' },
    });
  }
  if (input.freePeriodCode) {
    return layoutMail({
      to: input.to,
      subject: `Ya tenés el ${product} gratis`,
      greeting: `Hola ${input.name}:`,
      paragraphs: [
        `Activaste el código ${input.freePeriodCode} y ya tenés acceso a todo lo que incluye el ${product}${next ? ` hasta el ${next}` : ''}.`,
        'No te vamos a cobrar nada: cuando termine, si querés seguir, podés suscribirte desde los planes.',
      ],
      link: { href: `${input.publicUrl}/academy`, label: 'Ir a la academia' },
    });
  }
  if (!payment) {
    return layoutMail({
      to: input.to,
      subject: `Empezó tu prueba gratis del ${product}`,
      greeting: `Hola ${input.name}:`,
      paragraphs: [
        `Ya tenés acceso a todo lo que incluye el ${product}.`,
        next
          ? `No te cobramos nada hasta el ${next}: ese día se hace el primer cobro en tu tarjeta, salvo que canceles antes desde Mi cuenta, en Suscripción.`
          : 'No te cobramos nada durante la prueba. Podés cancelar cuando quieras desde Mi cuenta, en Suscripción.',
      ],
      link: { href: `${input.publicUrl}/mi-cuenta/suscripcion`, label: 'Ver mi suscripción' },
    });
  }
  return layoutMail({
    to: input.to,
    subject: `Tu suscripción al ${product} está activa`,
    greeting: `Hola ${input.name}:`,
    paragraphs: [
      `¡Gracias por suscribirte! Ya tenés acceso a todo lo que incluye el ${product}.`,
      ...paid,
      next
        ? `Tu próximo cobro es el ${next}. Podés cancelar cuando quieras desde Mi cuenta, en Suscripción.`
        : 'Podés cancelar cuando quieras desde Mi cuenta, en Suscripción.',
      ...withdrawal,
    ],
    link: { href: `${input.publicUrl}/mi-cuenta/suscripcion`, label: 'Ver mi suscripción' },
  });
}

/** Puts the confirmation of a grant in the outbox, inside the grant's transaction. */
export async function enqueuePurchaseConfirmation(
  tx: Db,
  userId: string,
  input: Omit<PurchaseMailInput, 'to' | 'name'>,
): Promise<void> {
  const [user] = await tx
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return;
  await enqueueMail(tx, purchaseConfirmedMail({ ...input, to: user.email, name: user.name }));
}

import { financingRates, formatRate } from '@alcancia/contract/prices';
import { pesos } from '../../lib/spanish-format';
import type { PaymentRow } from './record-payment';

/**
 * What she pays for a payment, stated the same way in the checkout, the confirmation mail, the
 * receipt and Mi cuenta (decision 0103). `priceCentavos` is the cash price we charge (the
 * provider's transaction_amount); in installments with interest she pays more in all
 * (total_paid_amount), the difference being the financing cost of her card's installment plan.
 */
export interface PaidTerms {
  priceCentavos: number;
  totalPaidCentavos: number;
  installments: number;
  installmentCentavos: number;
  financingCentavos: number;
  /** percent, nominal annual and total financial cost effective annual; null when nothing was financed */
  tna: number | null;
  cftea: number | null;
}

export function paidTermsOf(
  payment: Pick<PaymentRow, 'amountCentavos' | 'installments' | 'totalPaidCentavos' | 'installmentCentavos'>,
): PaidTerms {
  const installments = Math.max(1, payment.installments);
  const total = Math.max(payment.totalPaidCentavos ?? payment.amountCentavos, payment.amountCentavos);
  const financed = installments > 1 && total > payment.amountCentavos;
  const rates = financed ? financingRates(payment.amountCentavos, total, installments) : null;
  return {
    priceCentavos: payment.amountCentavos,
    totalPaidCentavos: total,
    installments,
    installmentCentavos: payment.installmentCentavos ?? Math.round(total / installments),
    financingCentavos: total - payment.amountCentavos,
    tna: rates?.tna ?? null,
    cftea: rates?.cftea ?? null,
  };
}

/** "TNA 84,50 %; CFTEA 120,00 %" (issue 39: wherever a financed total appears); null when not financed. */
export function ratesText(terms: PaidTerms): string | null {
  if (terms.tna === null || terms.cftea === null) return null;
  return `TNA ${formatRate(terms.tna)}; CFTEA ${formatRate(terms.cftea)}`;
}

/**
 * "1 pago de $ 89.000,00", "3 cuotas sin interés de $ 29.666,67 (total $ 89.000,00)",
 * "6 cuotas de $ 17.800,00 (total $ 106.800,00; TNA 84,50 %; CFTEA 120,00 %)": the program
 * checkout's own words, the rates beside any financed total.
 */
export function installmentsText(terms: PaidTerms): string {
  if (terms.installments === 1) return `1 pago de ${pesos(terms.totalPaidCentavos)}`;
  const each = pesos(terms.installmentCentavos);
  const free = terms.financingCentavos === 0 ? ' sin interés' : '';
  const rates = ratesText(terms);
  return `${terms.installments} cuotas${free} de ${each} (total ${pesos(terms.totalPaidCentavos)}${rates ? `; ${rates}` : ''})`;
}

/**
 * "Precio de contado: $ 89.000,00. Costo de financiación de las cuotas: $ 17.800,00."; null when
 * nothing was financed.
 */
export function financingText(terms: PaidTerms): string | null {
  if (terms.financingCentavos === 0) return null;
  return `Precio de contado: ${pesos(terms.priceCentavos)}. Costo de financiación de las cuotas: ${pesos(terms.financingCentavos)}.`;
}

/**
 * What a refund of `refundedCentavos` (in the provider's terms, of the cash price) gives back to
 * her: the same share of what she paid. A full refund undoes her installment plan, so she gets
 * all she paid, the financing cost included.
 */
export function refundedToBuyer(terms: PaidTerms, refundedCentavos: number): number {
  if (refundedCentavos <= 0 || terms.priceCentavos <= 0) return 0;
  if (refundedCentavos >= terms.priceCentavos) return terms.totalPaidCentavos;
  return Math.round((refundedCentavos * terms.totalPaidCentavos) / terms.priceCentavos);
}

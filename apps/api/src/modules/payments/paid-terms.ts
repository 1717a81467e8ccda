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
}

export function paidTermsOf(
  payment: Pick<PaymentRow, 'amountCentavos' | 'installments' | 'totalPaidCentavos' | 'installmentCentavos'>,
): PaidTerms {
  const installments = Math.max(1, payment.installments);
  const total = Math.max(payment.totalPaidCentavos ?? payment.amountCentavos, payment.amountCentavos);
  return {
    priceCentavos: payment.amountCentavos,
    totalPaidCentavos: total,
    installments,
    installmentCentavos: payment.installmentCentavos ?? Math.round(total / installments),
    financingCentavos: total - payment.amountCentavos,
  };
}

/**
 * "1 pago de $ 89.000,00", "3 cuotas sin interés de $ 29.666,67 (total $ 89.000,00)",
 * "6 cuotas de $ 17.800,00 (total $ 106.800,00)": the program checkout's own words.
 */
export function installmentsText(terms: PaidTerms): string {
  if (terms.installments === 1) return `1 pago de ${pesos(terms.totalPaidCentavos)}`;
  const each = pesos(terms.installmentCentavos);
  const free = terms.financingCentavos === 0 ? ' sin interés' : '';
  return `${terms.installments} cuotas${free} de ${each} (total ${pesos(terms.totalPaidCentavos)})`;
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

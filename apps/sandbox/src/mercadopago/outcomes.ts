import type { PaymentStatus } from './types';

// Mercado Pago's test environment picks a card payment's result from the cardholder name.
export interface Outcome {
  status: PaymentStatus;
  status_detail: string;
}

export const CARDHOLDER_OUTCOMES: Readonly<Record<string, Outcome>> = {
  APRO: { status: 'approved', status_detail: 'accredited' },
  CONT: { status: 'in_process', status_detail: 'pending_contingency' },
  FUND: { status: 'rejected', status_detail: 'cc_rejected_insufficient_amount' },
  CALL: { status: 'rejected', status_detail: 'cc_rejected_call_for_authorize' },
  SECU: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_date' },
  OTHE: { status: 'rejected', status_detail: 'cc_rejected_other_reason' },
  FORM: { status: 'rejected', status_detail: 'cc_rejected_bad_filled_other' },
};

/** Spanish labels for the pay page's cardholder selector. */
export const OUTCOME_LABELS: Readonly<Record<string, string>> = {
  APRO: 'Pago aprobado',
  CONT: 'Pago pendiente',
  FUND: 'Rechazado por fondos insuficientes',
  CALL: 'Rechazado: llamar para autorizar',
  SECU: 'Rechazado por código de seguridad inválido',
  EXPI: 'Rechazado por fecha de vencimiento',
  OTHE: 'Rechazado por error general',
  FORM: 'Rechazado por error en los datos',
};

/**
 * The first word of the cardholder name decides (so "APRO Perez" approves). Any other name is
 * approved, so a developer typing a real-looking name is not surprised. With binary mode a payment
 * may only be approved or rejected: what would stay pending is rejected instead.
 */
export function outcomeFor(cardholderName: string, binaryMode: boolean): Outcome {
  const key = cardholderName.trim().split(/\s+/)[0]?.toUpperCase() ?? '';
  const outcome = CARDHOLDER_OUTCOMES[key] ?? { status: 'approved', status_detail: 'accredited' };
  if (binaryMode && outcome.status === 'in_process') {
    return { status: 'rejected', status_detail: 'cc_rejected_other_reason' };
  }
  return outcome;
}

import { formatPesos, parsePesos } from '../admin-format';

export interface RefundPlan {
  /** centavos to refund: what was typed, or everything left */
  amount: number;
  /** it refunds all that is left (the request then names no amount) */
  full: boolean;
  /** her access ends: her choice, else only for a full refund */
  endsAccess: boolean;
  /** the amount field's problem, or null */
  error: string | null;
}

/**
 * "Devolver": an empty amount is all that is left of the payment; a typed one must be between
 * $ 0,01 and what is left (es-AR pesos). A full refund ends her access unless unchecked; a partial
 * one keeps it unless checked.
 */
export function refundPlan(amountText: string, left: number, endAccessChoice: boolean | null): RefundPlan {
  const typedSomething = amountText.trim() !== '';
  const typed = typedSomething ? parsePesos(amountText) : null;
  const amount = typed ?? left;
  const full = amount >= left;
  const error =
    typedSomething && (typed === null || typed <= 0 || typed > left)
      ? `Ingresá un monto entre $ 0,01 y ${formatPesos(left)}.`
      : null;
  return { amount, full, endsAccess: endAccessChoice ?? full, error };
}

const refundStatusText: Record<string, string> = {
  SUCCESS: 'La devolución se hizo.',
  PENDING: 'El proveedor no la aceptó todavía: la reintentamos sola y queda en Pagos y devoluciones.',
  FAILED: 'El proveedor la rechazó: queda en Pagos y devoluciones para reintentarla.',
};

/** What the operator is told after asking for a refund, by the refund's status. */
export const refundOutcomeText = (status: string) => refundStatusText[status] ?? 'Listo.';

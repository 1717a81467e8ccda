import type { RefundStatus, RefusedReason } from '@alcancia/contract';

/**
 * The payment result (spec §4 "Payment result status"), shared by subscription and program
 * checkouts:
 *
 * 1. pending: the form is shown;
 * 2. a successful charge → success;
 * 3. a first failure → refused (the attempt counter goes up, the reason is kept);
 * 4. a failure when the counter is already above zero → exhaustedAttempts (the flow ends);
 * 5. from refused, the action resets the form to pending;
 * 6. the counter survives reloads: the server counts refused attempts per user and product
 *    (GET /users/payment/attempts), so a subscription's refusals never end a program's checkout
 *    and no tab or reload resets it (decision 44).
 *
 * Besides the spec's four states, `inProcess` is a charge the provider is still reviewing (Mercado
 * Pago's "in_process"): neither a success nor a failure, so the counter is left alone.
 */
export type PaymentResult =
  | { status: 'pending' }
  | { status: 'success'; isUpgrade: boolean; refundStatus: RefundStatus | null }
  | { status: 'inProcess' }
  | { status: 'refused'; reason: RefusedReason }
  | { status: 'exhaustedAttempts'; reason: RefusedReason };

export type PaymentEvent =
  | { type: 'approved'; isUpgrade?: boolean; refundStatus?: RefundStatus | null }
  | { type: 'inProcess' }
  | { type: 'refused'; reason: RefusedReason }
  | { type: 'retry' };

export const initialPaymentResult: PaymentResult = { status: 'pending' };

/** The next state and counter. Pure: storage is read and written by the caller. */
export function nextPaymentResult(
  state: PaymentResult,
  event: PaymentEvent,
  failedAttempts: number,
): { state: PaymentResult; failedAttempts: number } {
  switch (event.type) {
    case 'approved':
      // A paid purchase closes the story of the earlier failures.
      return {
        state: {
          status: 'success',
          isUpgrade: event.isUpgrade ?? false,
          refundStatus: event.refundStatus ?? null,
        },
        failedAttempts: 0,
      };
    case 'inProcess':
      return { state: { status: 'inProcess' }, failedAttempts };
    case 'refused':
      if (state.status === 'exhaustedAttempts') return { state, failedAttempts };
      return failedAttempts > 0
        ? { state: { status: 'exhaustedAttempts', reason: event.reason }, failedAttempts: failedAttempts + 1 }
        : { state: { status: 'refused', reason: event.reason }, failedAttempts: failedAttempts + 1 };
    case 'retry':
      return state.status === 'refused'
        ? { state: initialPaymentResult, failedAttempts }
        : { state, failedAttempts };
  }
}

/**
 * Where a checkout starts: pending, or already exhausted when the server says this product's card
 * attempts are used up (a reload after the second refusal, another tab).
 */
export function startingPaymentResult(attempts: {
  exhausted: boolean;
  lastRefusedReason: RefusedReason | null;
}): PaymentResult {
  return attempts.exhausted
    ? { status: 'exhaustedAttempts', reason: attempts.lastRefusedReason ?? 'UNEXPECTED_ERROR' }
    : initialPaymentResult;
}

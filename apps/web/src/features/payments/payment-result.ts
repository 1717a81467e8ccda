import type { RefundStatus, RefusedReason } from '@alcancia/contract';
import { readItem, writeItem } from '../../lib/storage';

/**
 * The payment result (spec §4 "Payment result status"), shared by subscription and program
 * checkouts:
 *
 * 1. pending: the form is shown;
 * 2. a successful charge → success;
 * 3. a first failure → refused (the attempt counter goes up, the reason is kept);
 * 4. a failure when the counter is already above zero → exhaustedAttempts (the flow ends);
 * 5. from refused, the action resets the form to pending;
 * 6. the counter lives in session storage, so it survives reloads (and ends with the tab).
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

/** Session-storage key of the failed attempts (spec: "temporary storage"). */
export const failedAttemptsKey = 'failedPaymentAttempts';

/** The counter; 0 when absent or unreadable. */
export function readFailedAttempts(): number {
  const value = Number.parseInt(readItem(failedAttemptsKey, 'session') ?? '', 10);
  return Number.isFinite(value) && value > 0 ? value : 0;
}

export function writeFailedAttempts(count: number): void {
  writeItem(failedAttemptsKey, String(Math.max(0, Math.floor(count))), 'session');
}

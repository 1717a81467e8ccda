import { idempotencyKeyHeader, type RefusedReason } from '@alcancia/contract';
import { apiAnswer } from '../../lib/api-client';
import { asRefusedReason } from './refusal-messages';

/**
 * A card payment's answer. A refusal (HTTP 402 PAYMENT_REFUSED) is an expected answer whose body
 * carries refusedReason, which the payment forms show; the one API client returns it as a refusal
 * (apiAnswer) instead of throwing. Any other failure throws ApiError as every call does.
 */
export type PaymentAnswer<T> =
  | { outcome: 'accepted'; body: T }
  | { outcome: 'refused'; reason: RefusedReason; message: string };

const paymentRefused = { status: 402, internalCode: 'PAYMENT_REFUSED' } as const;

export async function postPayment<T>(
  path: string,
  body: unknown,
  method: 'POST' | 'PUT' = 'POST',
  /** the checkout attempt's key (checkout-attempt.ts): a repeated submit answers the first one's outcome */
  idempotencyKey?: string,
): Promise<PaymentAnswer<T>> {
  const answer = await apiAnswer<T>(path, {
    method,
    body,
    refusals: [paymentRefused],
    ...(idempotencyKey ? { headers: { [idempotencyKeyHeader]: idempotencyKey } } : {}),
  });
  if (!answer.refused) return { outcome: 'accepted', body: answer.body };
  return {
    outcome: 'refused',
    reason: asRefusedReason(answer.refusal.body.refusedReason),
    message: answer.refusal.message,
  };
}

import type { ProgramPaymentRequest, ProgramPaymentResponse } from '@alcancia/contract';
import { type PaymentAnswer, postPayment } from '../../shared/checkout/payment-answer';
import { cardProvider } from '../../shared/checkout/program-checkout-api';

/** POST /users/mercadopago/payment/program: approved (200), pending (202) or a refusal (402). */
export function payProgram(
  body: ProgramPaymentRequest,
  idempotencyKey?: string,
): Promise<PaymentAnswer<ProgramPaymentResponse>> {
  return postPayment<ProgramPaymentResponse>(
    `/users/${cardProvider}/payment/program`,
    body,
    'POST',
    idempotencyKey,
  );
}

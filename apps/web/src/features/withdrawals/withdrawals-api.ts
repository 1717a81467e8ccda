import type { WithdrawalResponse } from '@alcancia/contract';
import { apiRequest } from '../../lib/api-client';

/** POST /withdrawals/request: mails a code to the purchase's e-mail (the answer is always the same). */
export function requestGuestWithdrawal(email: string, providerPaymentId: string) {
  return apiRequest<{ message: string }>('/withdrawals/request', {
    method: 'POST',
    body: { email, providerPaymentId },
    authenticated: false,
  });
}

/** POST /withdrawals/confirm: the mailed code confirms the withdrawal. */
export function confirmGuestWithdrawal(email: string, providerPaymentId: string, code: string) {
  return apiRequest<WithdrawalResponse>('/withdrawals/confirm', {
    method: 'POST',
    body: { email, providerPaymentId, code },
    authenticated: false,
  });
}

import type { GuestCancellationResponse } from '@alcancia/contract';
import { apiRequest } from '../../lib/api-client';

/** POST /subscription-cancellations/request: mails a code to the subscription's e-mail (same answer for all). */
export function requestGuestCancellation(email: string) {
  return apiRequest<{ message: string }>('/subscription-cancellations/request', {
    method: 'POST',
    body: { email },
    authenticated: false,
  });
}

/** POST /subscription-cancellations/confirm: the mailed code confirms the baja. */
export function confirmGuestCancellation(email: string, code: string) {
  return apiRequest<GuestCancellationResponse>('/subscription-cancellations/confirm', {
    method: 'POST',
    body: { email, code },
    authenticated: false,
  });
}

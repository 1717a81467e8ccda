import type { GuestPreferenceRequest, GuestPreferenceResponse } from '@alcancia/contract';
import { apiRequest } from '../../lib/api-client';
import { writeItem } from '../../lib/storage';

/** Where the result page finds the buyer's e-mail after the round trip through Mercado Pago. */
export const guestEmailKey = 'guestMembershipEmail';

/**
 * POST /users/mercadopago/preference (no session: guests have no account yet) → the Checkout Pro
 * page to pay on. The e-mail is kept for this tab so the success page can say where the mail goes.
 */
export async function createGuestPreference(payload: GuestPreferenceRequest): Promise<string> {
  // Checked by hand rather than with the contract's zod schema: this public page stays without zod.
  const body = await apiRequest<Partial<GuestPreferenceResponse> | null>('/users/mercadopago/preference', {
    method: 'POST',
    body: payload,
    authenticated: false,
  });
  const initPoint = body?.init_point;
  // Only a web page is ever navigated to (never javascript: or the like).
  if (typeof initPoint !== 'string' || !/^https?:\/\//i.test(initPoint)) {
    throw new Error('The preference has no init_point to pay on');
  }
  writeItem(guestEmailKey, payload.payer.email, 'session');
  return initPoint;
}

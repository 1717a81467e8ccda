import { type GuestPreferenceRequest, guestPreferenceResponseSchema } from '@alcancia/contract';
import { apiRequest } from '../../lib/api-client';
import { writeItem } from '../../lib/storage';

/** Where the result page finds the buyer's e-mail after the round trip through Mercado Pago. */
export const guestEmailKey = 'guestMembershipEmail';

/**
 * POST /users/mercadopago/preference (no session: guests have no account yet) → the Checkout Pro
 * page to pay on. The e-mail is kept for this tab so the success page can say where the mail goes.
 */
export async function createGuestPreference(payload: GuestPreferenceRequest): Promise<string> {
  const { init_point } = await apiRequest('/users/mercadopago/preference', {
    method: 'POST',
    body: payload,
    schema: guestPreferenceResponseSchema,
    authenticated: false,
  });
  // Only a web page is ever navigated to (never javascript: or the like).
  if (!/^https?:\/\//i.test(init_point)) throw new Error('init_point is not a web address');
  writeItem(guestEmailKey, payload.payer.email, 'session');
  return init_point;
}

import { type EventProperties, track } from '../../lib/analytics';

/**
 * The program purchase events. The spec names shop_checkout_submit and the promo link ones and
 * asks for checkout view, submit, success, error, close and help-link events without naming them:
 * those are the program_checkout_* below.
 */
export const programEvents = {
  shopCheckoutSubmit: 'shop_checkout_submit',
  promoLinkClicked: 'academy_promoCode_link_click',
  promoCancelled: 'academy_promoCode_cancel_click',
  promoRedeemed: 'academy_promoCode_success',
  promoFailed: 'academy_promoCode_error',
  checkoutView: 'program_checkout_view',
  checkoutSubmit: 'program_checkout_submit',
  checkoutSuccess: 'program_checkout_success',
  checkoutError: 'program_checkout_error',
  checkoutClose: 'program_checkout_close',
  checkoutHelp: 'program_checkout_help_click',
  transferLinkClicked: 'program_checkout_transfer_click',
  /** the redirect provider's link could not be had: only reported here (spec §8) */
  paymentLinkError: 'program_checkout_link_error',
  successView: 'program_success_view',
} as const;

export type ProgramEvent = keyof typeof programEvents;

export function trackProgram(event: ProgramEvent, properties?: EventProperties): void {
  track(programEvents[event], properties);
}

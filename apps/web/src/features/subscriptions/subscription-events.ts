import { type EventProperties, track } from '../../lib/analytics';

/**
 * The subscription purchase events. The spec names five (subscription_modal,
 * subscription_button_clicked, shop_checkout_submit, academy_promoCode_link_click,
 * academy_promoCode_cancel_click) and asks for checkout view, submit, success, error, close and
 * help-link events without naming them: those are the subscription_checkout_* below.
 */
export const subscriptionEvents = {
  planListOpened: 'subscription_modal',
  planButtonClicked: 'subscription_button_clicked',
  shopCheckoutSubmit: 'shop_checkout_submit',
  promoLinkClicked: 'academy_promoCode_link_click',
  promoCancelled: 'academy_promoCode_cancel_click',
  promoRedeemed: 'academy_promoCode_success',
  promoFailed: 'academy_promoCode_error',
  checkoutView: 'subscription_checkout_view',
  checkoutSubmit: 'subscription_checkout_submit',
  checkoutSuccess: 'subscription_checkout_success',
  checkoutError: 'subscription_checkout_error',
  checkoutClose: 'subscription_checkout_close',
  checkoutHelp: 'subscription_checkout_help_click',
  successView: 'subscription_success_view',
} as const;

export type SubscriptionEvent = keyof typeof subscriptionEvents;

export function trackSubscription(event: SubscriptionEvent, properties?: EventProperties): void {
  track(subscriptionEvents[event], properties);
}

export { hostedCheckoutStandIn } from './plugin';
export { hostedCheckoutSignature, SIGNATURE_HEADER } from './signing';
export { type RunningHostedCheckout, startHostedCheckout } from './standalone';
export type {
  CheckoutResource,
  CheckoutStatus,
  HostedCheckoutControl,
  HostedCheckoutOptions,
  WebhookDelivery,
} from './types';

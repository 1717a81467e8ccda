import type { FastifyInstance } from 'fastify';
import { type Config, hostedCheckoutStandInPrefix, mercadoPagoEmulatorPrefix } from '../../config';
import { loadSandbox } from '../sandbox';
import type { HostedCheckoutGateway } from './hosted-checkout-gateway';
import { HttpHostedCheckoutGateway } from './hosted-checkout-http-gateway';
import { MercadoPagoGateway } from './mercadopago-gateway';
import type { PaymentGateway } from './payment-gateway';

/** The configured gateway, or null when production runs without Mercado Pago credentials. */
export function createPaymentGateway(config: Config): PaymentGateway | null {
  const mp = config.mercadoPago;
  if (mp.mode === 'disabled') return null;
  return new MercadoPagoGateway({
    accessToken: mp.accessToken,
    webhookSecret: mp.webhookSecret,
    baseUrl: mp.baseUrl,
    notificationUrl: mp.notificationUrl,
    maxRetries: mp.maxRetries,
    timeoutMs: mp.timeoutMs,
  });
}

/**
 * Outside production without credentials the app plays Mercado Pago on its own origin: the SDK
 * talks to `${PUBLIC_URL}/sandbox/mercadopago`, the browser loads the `window.MercadoPago`
 * stand-in from `/sandbox/mercadopago/js/v2`, and the emulator's webhooks come back to our
 * `/api/payments/webhooks/mercadopago`, signed with the same secret we verify.
 */
export async function mountMercadoPagoEmulator(app: FastifyInstance, config: Config): Promise<void> {
  const mp = config.mercadoPago;
  if (mp.mode !== 'emulator') return;
  const { mercadoPagoEmulator } = await loadSandbox(config);
  await app.register(mercadoPagoEmulator, {
    prefix: mercadoPagoEmulatorPrefix,
    accessToken: mp.accessToken,
    publicKey: mp.publicKey,
    webhookSecret: mp.webhookSecret,
    publicBaseUrl: `${config.publicUrl}${mercadoPagoEmulatorPrefix}`,
    notificationUrl: mp.notificationUrl,
    ...(mp.emulatorStateFile ? { stateFile: mp.emulatorStateFile } : {}),
  });
}

/** The redirect provider's adapter, or null when production runs without HOSTED_CHECKOUT_URL. */
export function createHostedCheckoutGateway(config: Config): HostedCheckoutGateway | null {
  const hosted = config.hostedCheckout;
  if (hosted.mode === 'disabled') return null;
  return new HttpHostedCheckoutGateway({
    baseUrl: hosted.baseUrl,
    secret: hosted.secret,
    notificationUrl: hosted.notificationUrl,
    timeoutMs: 15_000,
  });
}

/**
 * Outside production without HOSTED_CHECKOUT_URL the app plays the redirect provider on its own
 * origin, like it plays Mercado Pago: the adapter calls `${PUBLIC_URL}/sandbox/hosted-checkout`,
 * the browser pays on its page there, and its signed webhooks come back to
 * `/api/payments/webhooks/hosted-checkout`.
 */
export async function mountHostedCheckoutStandIn(app: FastifyInstance, config: Config): Promise<void> {
  const hosted = config.hostedCheckout;
  if (hosted.mode !== 'stand-in') return;
  const { hostedCheckoutStandIn } = await loadSandbox(config);
  await app.register(hostedCheckoutStandIn, {
    prefix: hostedCheckoutStandInPrefix,
    secret: hosted.secret,
    publicBaseUrl: hosted.baseUrl,
  });
}

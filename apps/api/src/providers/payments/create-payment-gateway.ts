import { mercadoPagoEmulator } from '@alcancia/sandbox';
import type { FastifyInstance } from 'fastify';
import { type Config, mercadoPagoEmulatorPrefix } from '../../config';
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
    timeoutMs: 15_000,
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

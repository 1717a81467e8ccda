import { startMercadoPagoEmulator } from '../../apps/sandbox/src/index';
import type { RunningProcess } from './run-api';
import { log, type Settings } from './settings';

const credentials = {
  accessToken: 'APP_USR-bench-access-token',
  publicKey: 'APP_USR-bench-public-key',
  webhookSecret: 'bench-webhook-secret-0123456789',
};

/**
 * The payment provider of the checkout page: the Mercado Pago emulator (apps/sandbox) on its own
 * origin, as the real one is, with the API in production mode configured to use it. The page then
 * loads the provider's browser script from another origin, as in production; without a provider
 * the production API answers 503 to the payment config and the page shows an error.
 */
export async function startPaymentProvider(
  settings: Settings,
): Promise<{ process: RunningProcess; env: Record<string, string> }> {
  const emulator = await startMercadoPagoEmulator({
    ...credentials,
    port: settings.port + 2,
    notificationUrl: `http://127.0.0.1:${settings.port}/api/payments/webhooks/mercadopago`,
  });
  log(`   payment provider (Mercado Pago emulator) on ${emulator.url}`);
  return {
    process: {
      pid: process.pid,
      url: emulator.url,
      memory: () => ({ rssMb: 0, peakMb: 0 }),
      stop: () => emulator.close(),
    },
    env: {
      MERCADOPAGO_ACCESS_TOKEN: credentials.accessToken,
      MERCADOPAGO_PUBLIC_KEY: credentials.publicKey,
      MERCADOPAGO_WEBHOOK_SECRET: credentials.webhookSecret,
      MERCADOPAGO_BASE_URL: emulator.url,
    },
  };
}

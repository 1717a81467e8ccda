import type { FastifyPluginAsync } from 'fastify';
import type { EmulatorContext } from './context';
import { EmulatorControl } from './control';
import { installErrorHandlers } from './errors';
import { FaultInjector } from './faults';
import { installBodyParsers, installCors } from './http';
import { Notifier } from './notifier';
import type { MercadoPagoEmulatorOptions } from './options';
import { registerBrowserScriptRoute } from './routes/browser-script';
import { registerCardTokenRoutes } from './routes/card-tokens';
import { registerControlRoutes } from './routes/control';
import { registerCustomerRoutes } from './routes/customers';
import { registerPayPageRoutes } from './routes/pay-page';
import { registerPaymentMethodRoutes } from './routes/payment-methods';
import { registerPaymentRoutes } from './routes/payments';
import { registerPreapprovalRoutes } from './routes/preapproval';
import { registerPreferenceRoutes } from './routes/preferences';
import { EmulatorStore } from './store';

/**
 * The Mercado Pago emulator as a Fastify plugin. Register it under a prefix (e.g.
 * `/sandbox/mercadopago`): it keeps its own body parsers, error and not-found handlers, which must
 * not leak into the host app. Deliberately not wrapped in fastify-plugin for that reason.
 */
export const mercadoPagoEmulator: FastifyPluginAsync<MercadoPagoEmulatorOptions> = async (app, options) => {
  const store = new EmulatorStore(options.stateFile);
  const context: EmulatorContext = {
    store,
    notifier: new Notifier(store, options.webhookSecret, app.log),
    faults: new FaultInjector(),
    options,
  };
  installBodyParsers(app);
  installCors(app);
  installErrorHandlers(app);
  context.faults.install(app);

  registerCardTokenRoutes(app, context);
  registerCustomerRoutes(app, context);
  registerPaymentMethodRoutes(app, context);
  registerPaymentRoutes(app, context);
  registerPreapprovalRoutes(app, context);
  registerPreferenceRoutes(app, context);
  registerPayPageRoutes(app, context);
  registerBrowserScriptRoute(app);

  const control = new EmulatorControl(context);
  registerControlRoutes(app, control);
  options.onControl?.(control);
  app.addHook('onClose', async () => context.notifier.close());
};

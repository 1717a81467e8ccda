import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import type { EmulatorControl } from './control';
import type { MercadoPagoEmulatorOptions } from './options';
import { mercadoPagoEmulator } from './plugin';

export interface RunningMercadoPagoEmulator {
  /** http://127.0.0.1:<port>, to assign to the SDK's AppConfig.BASE_URL. */
  url: string;
  control: EmulatorControl;
  close(): Promise<void>;
}

/** Runs the emulator on its own loopback server (tests; or development outside the API). */
export async function startMercadoPagoEmulator(
  options: MercadoPagoEmulatorOptions & { port?: number },
): Promise<RunningMercadoPagoEmulator> {
  const app = Fastify({ logger: false });
  let control: EmulatorControl | undefined;
  await app.register(mercadoPagoEmulator, {
    ...options,
    onControl: (created) => {
      control = created;
      options.onControl?.(created);
    },
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  if (!control) throw new Error('the Mercado Pago emulator did not start');
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, control, close: () => app.close() };
}

import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { hostedCheckoutStandIn } from './plugin';
import type { HostedCheckoutControl, HostedCheckoutOptions } from './types';

export interface RunningHostedCheckout {
  /** http://127.0.0.1:<port>: the server API and the pay pages */
  url: string;
  control: HostedCheckoutControl;
  close(): Promise<void>;
}

/** Runs the stand-in on its own loopback server (tests; or development outside the API). */
export async function startHostedCheckout(
  options: Omit<HostedCheckoutOptions, 'publicBaseUrl'> & { port?: number },
): Promise<RunningHostedCheckout> {
  const app = Fastify({ logger: false });
  let control: HostedCheckoutControl | undefined;
  await app.register(hostedCheckoutStandIn, {
    ...options,
    onControl: (created) => {
      control = created;
      options.onControl?.(created);
    },
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  if (!control) throw new Error('the hosted checkout stand-in did not start');
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, control, close: () => app.close() };
}

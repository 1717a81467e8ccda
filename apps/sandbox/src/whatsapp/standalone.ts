import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { whatsAppStandIn } from './plugin';
import type { WhatsAppControl, WhatsAppStandInOptions } from './types';

export interface RunningWhatsAppStandIn {
  /** http://127.0.0.1:<port>: the Graph API's origin for the business's calls */
  url: string;
  control: WhatsAppControl;
  close(): Promise<void>;
}

/** Runs the stand-in on its own loopback server (tests; or development outside the API). */
export async function startWhatsAppStandIn(
  options: WhatsAppStandInOptions & { port?: number },
): Promise<RunningWhatsAppStandIn> {
  const app = Fastify({ logger: false });
  let control: WhatsAppControl | undefined;
  await app.register(whatsAppStandIn, {
    ...options,
    onControl: (created) => {
      control = created;
      options.onControl?.(created);
    },
  });
  await app.listen({ host: '127.0.0.1', port: options.port ?? 0 });
  if (!control) throw new Error('the WhatsApp stand-in did not start');
  const { port } = app.server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, control, close: () => app.close() };
}

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { EmulatorControl } from './control';
import { mercadoPagoEmulator } from './plugin';
import {
  ACCESS_TOKEN,
  cardToken,
  freshKey,
  PUBLIC_KEY,
  paymentBody,
  pointSdkAt,
  sdk,
  startEmulator,
  WEBHOOK_SECRET,
} from './test-support';

const dir = mkdtempSync(join(tmpdir(), 'mp-emulator-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('hosting the emulator', () => {
  it('runs under a prefix in a host app that ignores trailing slashes, keeping its errors to itself', async () => {
    const host = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
    let control: EmulatorControl | undefined;
    host.get('/api/health', async () => ({ status: 'ok' }));
    await host.register(mercadoPagoEmulator, {
      prefix: '/sandbox/mercadopago',
      accessToken: ACCESS_TOKEN,
      publicKey: PUBLIC_KEY,
      webhookSecret: WEBHOOK_SECRET,
      onControl: (created) => {
        control = created;
      },
    });
    await host.listen({ host: '127.0.0.1', port: 0 });
    try {
      const origin = `http://127.0.0.1:${(host.server.address() as { port: number }).port}`;
      pointSdkAt(`${origin}/sandbox/mercadopago`);
      const payment = await sdk().payment.create({
        body: paymentBody(await cardToken('APRO')),
        requestOptions: freshKey(),
      });
      expect(payment.status).toBe('approved');
      const preference = await sdk().preference.create({
        body: { items: [{ id: 'p', title: 'Programa', quantity: 1, unit_price: 10, currency_id: 'ARS' }] },
        requestOptions: freshKey(),
      });
      expect(preference.init_point).toBe(
        `${origin}/sandbox/mercadopago/checkout/v1/redirect?pref_id=${preference.id}`,
      );
      expect(control?.state().payments[String(payment.id)]?.status).toBe('approved');
      // The host's own routes and errors are untouched by the emulator's handlers.
      expect((await host.inject({ url: '/api/health' })).json()).toEqual({ status: 'ok' });
      const hostMissing = await host.inject({ url: '/api/nope' });
      expect(hostMissing.json()).not.toHaveProperty('cause');
      const emulatorMissing = await host.inject({ url: '/sandbox/mercadopago/v1/nope' });
      expect(emulatorMissing.json()).toMatchObject({ status: 404, error: 'not_found', cause: [] });
    } finally {
      await host.close();
    }
  });

  it('keeps its state in the state file across a restart', async () => {
    const stateFile = join(dir, 'state', 'mercadopago.json');
    const first = await startEmulator({ stateFile });
    const token = await cardToken('APRO');
    const payment = await sdk().payment.create({ body: paymentBody(token), requestOptions: freshKey() });
    first.control.failNextRefund();
    await first.close();

    const second = await startEmulator({ stateFile });
    try {
      expect((await sdk().payment.get({ id: payment.id as number })).status).toBe('approved');
      // The used token stays used, and new ids never collide with old ones.
      await expect(
        sdk().payment.create({ body: paymentBody(token), requestOptions: freshKey() }),
      ).rejects.toThrow();
      const next = await sdk().payment.create({
        body: paymentBody(await cardToken('APRO')),
        requestOptions: freshKey(),
      });
      expect(next.id as number).toBeGreaterThan(payment.id as number);
      await expect(
        sdk().refund.total({ payment_id: payment.id as number, requestOptions: freshKey() }),
      ).rejects.toThrow();
    } finally {
      await second.close();
    }
  });
});

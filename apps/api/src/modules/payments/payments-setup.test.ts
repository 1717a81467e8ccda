import { describe, expect, it } from 'vitest';
import { createTestApp, ownAppTimeout, productionEnv } from '../../../test/helpers';
import { freePort, newBuyer, seedTestPlans, subscribe } from '../../../test/payments';
import { ConfigError, loadConfig } from '../../config';

describe('payments configuration', () => {
  it(
    'plays Mercado Pago on its own origin when no access token is set (npm start on a bare machine)',
    ownAppTimeout,
    async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const t = await createTestApp({ PUBLIC_URL: url });
      try {
        await t.app.listen({ port, host: '127.0.0.1' });
        const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
        expect(config.json()).toEqual({
          publicKey: 'TEST-alcancia-emulator-public-key',
          sdkUrl: '/sandbox/mercadopago/js/v2',
          // a monotributista's prices are final with no IVA apart
          showPriceWithoutNationalTaxes: false,
        });
        const script = await t.app.inject({ method: 'GET', url: '/sandbox/mercadopago/js/v2' });
        expect(script.statusCode).toBe(200);
        expect(script.headers['content-type']).toContain('javascript');
        expect(script.body).toContain('MercadoPago');

        // The whole loop: browser token → SDK → in-app emulator → signed webhook back to us.
        await seedTestPlans(t.app);
        const tokenResponse = await fetch(
          `${url}/sandbox/mercadopago/v1/card_tokens?public_key=TEST-alcancia-emulator-public-key`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({
              card_number: '5031755734530604',
              expiration_month: 11,
              expiration_year: 2030,
              security_code: '123',
              cardholder: { name: 'APRO', identification: { type: 'DNI', number: '12345678' } },
            }),
          },
        );
        const { id } = (await tokenResponse.json()) as { id: string };
        const buyer = await newBuyer(t.app);
        const res = await subscribe(t.app, buyer, {
          subscriptionPlanName: 'Plan Básico',
          subscriptionPlanFrequency: 'monthly',
          cardToken: id,
        });
        expect(res.statusCode).toBe(200);
        expect(res.json().status).toBe('approved');

        const page = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(page.headers['content-security-policy']).not.toContain('mercadopago.com');
      } finally {
        await t.close();
      }
    },
  );

  it(
    'switches payments off in production without credentials (503), and mounts no emulator',
    ownAppTimeout,
    async () => {
      const t = await createTestApp(productionEnv);
      try {
        const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
        expect(config.statusCode).toBe(503);
        expect(config.json().internalCode).toBe('PAYMENTS_NOT_CONFIGURED');
        const webhook = await t.app.inject({
          method: 'POST',
          url: '/api/payments/webhooks/mercadopago',
          payload: {},
        });
        expect(webhook.statusCode).toBe(503);
        const script = await t.app.inject({ method: 'GET', url: '/sandbox/mercadopago/js/v2' });
        expect(script.body).not.toContain('MercadoPago');
      } finally {
        await t.close();
      }
    },
  );

  it(
    'loads the real SDK in production and lets the CSP reach Mercado Pago only then',
    ownAppTimeout,
    async () => {
      const t = await createTestApp({
        ...productionEnv,
        MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-production-token',
        MERCADOPAGO_PUBLIC_KEY: 'APP_USR-public-key',
        MERCADOPAGO_WEBHOOK_SECRET: 'production-webhook-secret',
      });
      try {
        const config = await t.app.inject({ method: 'GET', url: '/api/payments/config' });
        expect(config.json()).toEqual({
          publicKey: 'APP_USR-public-key',
          sdkUrl: 'https://sdk.mercadopago.com/js/v2',
          // a monotributista's prices are final with no IVA apart
          showPriceWithoutNationalTaxes: false,
        });
        const csp = (await t.app.inject({ method: 'GET', url: '/api/health' })).headers[
          'content-security-policy'
        ];
        expect(csp).toMatch(/script-src 'self' https:\/\/sdk\.mercadopago\.com/);
        expect(csp).toMatch(/connect-src 'self' https:\/\/api\.mercadopago\.com/);
        expect(csp).toMatch(/frame-src 'self' https:\/\/sdk\.mercadopago\.com/);
      } finally {
        await t.close();
      }
    },
  );

  it('requires the public key and webhook secret with an access token', () => {
    const error = (() => {
      try {
        loadConfig({ MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-x' });
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.join('\n')).toMatch(
      /MERCADOPAGO_PUBLIC_KEY[\s\S]*MERCADOPAGO_WEBHOOK_SECRET/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { createTestApp, ownAppTimeout, productionEnv } from '../../../test/helpers';
import { freePort, newBuyer } from '../../../test/payments';
import { paymentLink, purchasesOf, seedTestPrograms } from '../../../test/programs';
import { ConfigError, loadConfig } from '../../config';

describe('redirect provider configuration', () => {
  it('reads HOSTED_CHECKOUT_URL with its secret, and switches redirect payments off in production without it', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'test', HOSTED_CHECKOUT_URL: 'https://checkout.example.com' }),
    ).toThrow(ConfigError);
    try {
      loadConfig({ NODE_ENV: 'test', HOSTED_CHECKOUT_URL: 'https://checkout.example.com' });
    } catch (error) {
      expect((error as ConfigError).problems.join('\n')).toContain('HOSTED_CHECKOUT_SECRET');
    }
    const provider = loadConfig({
      ...productionEnv,
      HOSTED_CHECKOUT_URL: 'https://checkout.example.com/',
      HOSTED_CHECKOUT_SECRET: 'a-shared-secret-0123456789',
    });
    expect(provider.hostedCheckout).toEqual({
      mode: 'provider',
      baseUrl: 'https://checkout.example.com',
      secret: 'a-shared-secret-0123456789',
      notificationUrl: 'https://alcancia.example.com/api/payments/webhooks/hosted-checkout',
    });
    expect(loadConfig(productionEnv).hostedCheckout.mode).toBe('disabled');
    const development = loadConfig({ NODE_ENV: 'development', PORT: '3000' });
    expect(development.hostedCheckout).toMatchObject({
      mode: 'stand-in',
      baseUrl: 'http://localhost:3000/sandbox/hosted-checkout',
    });
    expect(development.programs.transferPayment).toEqual({
      programId: 'programa-inversora-inteligente',
      url: 'https://forms.example.com/alcancia/pago-por-transferencia',
    });
    expect(() =>
      loadConfig({ NODE_ENV: 'test', TRANSFER_PAYMENT_URL: 'http://inseguro.example.com' }),
    ).toThrow(ConfigError);
  });

  it('answers 503 for a payment link when production has no redirect provider', ownAppTimeout, async () => {
    const t = await createTestApp({ ...productionEnv, PUBLIC_URL: 'https://alcancia.example.com' });
    try {
      await seedTestPrograms(t.app);
      const buyer = await newBuyer(t.app);
      const res = await paymentLink(t.app, buyer.headers, { programId: 'prog-hosted' });
      expect(res.statusCode).toBe(503);
      expect(res.json().internalCode).toBe('PAYMENTS_NOT_CONFIGURED');
      // no stand-in in production
      const standIn = await t.app.inject({
        method: 'POST',
        url: '/sandbox/hosted-checkout/v1/checkouts',
        payload: {},
      });
      expect(standIn.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it(
    'plays the redirect provider on its own origin outside production: link → pay page → purchase',
    ownAppTimeout,
    async () => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const t = await createTestApp({ PUBLIC_URL: url });
      try {
        await t.app.listen({ port, host: '127.0.0.1' });
        await seedTestPrograms(t.app);
        const unauthenticated = await t.app.inject({
          method: 'POST',
          url: '/sandbox/hosted-checkout/v1/checkouts',
          payload: {},
        });
        expect(unauthenticated.statusCode).toBe(401);

        const buyer = await newBuyer(t.app);
        const res = await paymentLink(t.app, buyer.headers, { programId: 'prog-hosted' });
        const link = res.json().link as string;
        expect(link.startsWith(`${url}/sandbox/hosted-checkout/pay/hc_`)).toBe(true);
        const page = await fetch(link);
        expect(page.headers.get('content-security-policy')).toContain("form-action 'self'");
        const html = await page.text();
        expect(html).toContain(`action="/sandbox/hosted-checkout/pay/`);
        expect((await fetch(`${url}/sandbox/hosted-checkout/checkout.css`)).status).toBe(200);

        const paid = await fetch(`${link}/pagar`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: '',
          redirect: 'manual',
        });
        expect(paid.headers.get('location')).toBe(`${url}/compra-exitosa?programId=prog-hosted`);
        expect(await purchasesOf(t.app, buyer.headers)).toEqual({ programs: ['prog-hosted'] });
      } finally {
        await t.close();
      }
    },
  );
});

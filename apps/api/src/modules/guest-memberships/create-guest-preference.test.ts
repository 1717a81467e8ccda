import { type GuestTier, guestInvalidEmailMessage } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import { MercadoPagoConfig, Preference } from 'mercadopago';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/accounts';
import { createGuestPreference, guestPayload } from '../../../test/guest-memberships';
import { testAppForFile } from '../../../test/helpers';
import { createPaymentsTestApp, MP, type PaymentsTestApp } from '../../../test/payments';
import { paymentOrders } from '../../db/schema';

const t = testAppForFile(createPaymentsTestApp);

/** The preference as the provider stored it, read back with the official SDK. */
async function storedPreference(initPoint: string) {
  const id = new URL(initPoint).searchParams.get('pref_id') ?? '';
  return new Preference(new MercadoPagoConfig({ accessToken: MP.accessToken })).get({ preferenceId: id });
}

const expected: Record<GuestTier, { price: number; title: string; slug: string }> = {
  BLACK: { price: 600, title: 'Membresía Black', slug: 'mf-black' },
  ORO: { price: 500, title: 'Membresía Oro', slug: 'mf-oro' },
  PLATINUM: { price: 400, title: 'Membresía Platinum', slug: 'mf-platinum' },
};

describe('POST /api/users/mercadopago/preference', () => {
  for (const tier of ['BLACK', 'ORO', 'PLATINUM'] as const) {
    it(`creates the ${tier} preference with the server's price and options, not the browser's`, async () => {
      const payload = guestPayload(tier, { email: `  ${uniqueEmail('Invitada').toUpperCase()} ` });
      const res = await createGuestPreference(t.app, payload);
      expect(res.statusCode).toBe(200);
      const { init_point } = res.json() as { init_point: string };
      expect(init_point).toMatch(new RegExp(`^${t.emulator.url}/checkout/v1/redirect\\?pref_id=`));

      const preference = await storedPreference(init_point);
      const { price, title, slug } = expected[tier];
      expect(preference.items).toEqual([
        expect.objectContaining({ id: tier, title, quantity: 1, unit_price: price, currency_id: 'ARS' }),
      ]);
      expect(preference.back_urls).toEqual({
        success: `${t.url}/compra/${slug}/exito`,
        pending: `${t.url}/compra/${slug}/pendiente`,
        failure: `${t.url}/compra/${slug}/error`,
      });
      expect(preference.auto_return).toBe('approved');
      expect(preference.binary_mode).toBe(true);
      expect(preference.payment_methods?.installments).toBe(3);
      expect(preference.notification_url).toBe(`${t.url}/api/payments/webhooks/mercadopago`);
      expect(preference.payer?.email).toBe(payload.payer.email.trim().toLowerCase());

      const [order] = await t.app.db
        .select()
        .from(paymentOrders)
        .where(eq(paymentOrders.providerPreferenceId, preference.id ?? ''));
      expect(order).toMatchObject({
        kind: 'guest_tier',
        userId: null,
        status: 'created',
        itemId: tier,
        amountCentavos: price * 100,
        payerEmail: payload.payer.email.trim().toLowerCase(),
        details: expect.objectContaining({ name: 'Lucía', surname: 'Gómez', phone: '+5491123456789' }),
      });
      expect(preference.external_reference).toBe(`guest_tier:${order?.id}`);

      // The pay page charges the server's price and offers at most 3 installments.
      const page = await fetch(init_point);
      const html = await page.text();
      expect(html).toContain(title);
      expect(html).toContain('3 cuotas');
      expect(html).not.toContain('6 cuotas');
    });
  }

  it('refuses an invalid e-mail with the form message (400 INVALID_DATA)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/users/mercadopago/preference',
      payload: guestPayload('ORO', { email: 'lucia@@example' }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      internalCode: 'INVALID_DATA',
      fields: [{ path: 'body.payer.email', message: guestInvalidEmailMessage }],
    });
  });

  it('refuses missing payer fields, an unknown tier and a phone with letters, creating no order', async () => {
    const before = await t.app.db.$count(paymentOrders);
    const noName = guestPayload('ORO', { name: '   ' });
    const { surname: _surname, ...payer } = guestPayload('ORO').payer;
    const cases = [
      noName,
      { ...guestPayload('ORO'), payer },
      guestPayload('DIAMANTE'),
      { ...guestPayload('ORO'), items: [] },
      guestPayload('ORO', { phone: { number: 'llamame ya' } }),
    ];
    for (const payload of cases) {
      const res = await createGuestPreference(t.app, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ internalCode: 'INVALID_DATA' });
    }
    expect(await t.app.db.$count(paymentOrders)).toBe(before);
  });
});

describe('POST /api/users/mercadopago/preference when the provider fails', () => {
  let broken: PaymentsTestApp;
  beforeAll(async () => {
    broken = await createPaymentsTestApp({ MERCADOPAGO_ACCESS_TOKEN: 'TEST-not-the-emulators-token' });
  });
  afterAll(() => broken.close());

  it('answers 502 with a Spanish message and leaves the order in error', async () => {
    const res = await broken.app.inject({
      method: 'POST',
      url: '/api/users/mercadopago/preference',
      payload: guestPayload('BLACK'),
    });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({
      internalCode: 'PAYMENT_PROVIDER_ERROR',
      message: expect.stringContaining('medio de pago'),
    });
    const orders = await broken.app.db.select().from(paymentOrders);
    expect(orders.map((o) => o.status)).toEqual(['error']);
  });
});

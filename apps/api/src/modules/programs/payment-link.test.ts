import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import { eventually, newBuyer } from '../../../test/payments';
import {
  createProgramsTestApp,
  givePurchase,
  hostedNotification,
  ownedRows,
  paymentLink,
  programOrdersOf,
  promoUses,
  purchasesOf,
  seedTestProgramCatalog,
} from '../../../test/programs';

const t = testAppForFile(createProgramsTestApp, seedTestProgramCatalog);

type Buyer = Awaited<ReturnType<typeof newBuyer>>;
const link = (buyer: Buyer, body: Parameters<typeof paymentLink>[2]) =>
  paymentLink(t.app, buyer.headers, body);
const checkoutIdOf = (url: string) => url.split('/pay/')[1] ?? '';
const checkout = (id: string) => t.hosted.control.checkouts().find((c) => c.id === id);
const form = (url: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: '',
    redirect: 'manual',
  });

describe('GET /api/users/payment/checkout-provider', () => {
  it('says which provider sells a program, to anyone', async () => {
    const provider = (programId: string) =>
      t.app.inject({ method: 'GET', url: `/api/users/payment/checkout-provider?programId=${programId}` });
    expect((await provider('prog-hosted')).json()).toEqual({ checkoutProvider: 'HOSTED' });
    expect((await provider('prog-abierto')).json()).toEqual({ checkoutProvider: 'MP' });
    expect((await provider('curso-comun')).json().internalCode).toBe('NOT_PROGRAM');
    expect((await provider('no-existe')).statusCode).toBe(404);
  });
});

describe('POST /api/users/payment/link and the hosted checkout', () => {
  it('links to the pay page; paying redirects to /compra-exitosa and the signed webhook grants once under replays', async () => {
    const buyer = await newBuyer(t.app);
    const res = await link(buyer, { programId: 'prog-hosted' });
    expect(res.statusCode).toBe(200);
    const url = res.json().link as string;
    expect(url.startsWith(`${t.hosted.url}/pay/hc_`)).toBe(true);
    const id = checkoutIdOf(url);
    const [order] = await programOrdersOf(t.app, buyer.userId);
    expect(order).toMatchObject({ status: 'pending', provider: 'HOSTED', amount_centavos: 3_000_000 });
    expect(checkout(id)).toMatchObject({
      amount: 3_000_000,
      external_reference: `program:${order?.id}`,
      payer_email: buyer.email,
      success_url: `${t.url}/compra-exitosa?programId=prog-hosted`,
      notification_url: `${t.url}/api/payments/webhooks/hosted-checkout`,
    });

    const page = await (await fetch(url)).text();
    expect(page).toContain('Programa Externo');
    expect(page).toContain('>Pagar</button>');
    // coming back is not paying
    expect(await purchasesOf(t.app, buyer.headers)).toEqual({});

    const paid = await form(`${url}/pagar`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${t.url}/compra-exitosa?programId=prog-hosted`);
    await eventually(async () => {
      expect(await purchasesOf(t.app, buyer.headers)).toEqual({ programs: ['prog-hosted'] });
    });
    const replays = await t.hosted.control.replayWebhook(id, 3);
    expect(replays.map((d) => d.status)).toEqual([200, 200, 200]);
    expect(await ownedRows(t.app, buyer.userId, 'prog-hosted')).toBe(1);
    expect(await programOrdersOf(t.app, buyer.userId)).toMatchObject([
      { status: 'paid', provider: 'HOSTED', payments: 1, granted: 1 },
    ]);

    // owned now: no second link
    const again = await link(buyer, { programId: 'prog-hosted' });
    expect(again.json().internalCode).toBe('ALREADY_PURCHASED');
  });

  it('a pay page paid by a buyer who meanwhile owns the program another way grants nothing twice; the refund is left to an operator', async () => {
    const buyer = await newBuyer(t.app);
    const url = (await link(buyer, { programId: 'prog-hosted' })).json().link as string;
    // Granted another way while the pay page was open (e.g. a free code, an operator).
    await givePurchase(t.app, buyer.userId, 'programs', 'prog-hosted');
    expect((await form(`${url}/pagar`)).status).toBe(303);
    const [order] = await eventually(async () => {
      const orders = await programOrdersOf(t.app, buyer.userId);
      expect(orders).toMatchObject([{ payments: 1, granted: 0 }]);
      return orders;
    });
    expect(order?.status).not.toBe('paid');
    expect(await ownedRows(t.app, buyer.userId, 'prog-hosted')).toBe(1);
    // The redirect provider has no refund API: the refund is FAILED at once, for a person to make.
    const { rows } = await t.app.db.execute<{ status: string; reason: string; error: string }>(
      sql`select status, reason, error from payment_refunds where caused_by_order_id = ${order?.id}`,
    );
    expect(rows).toEqual([
      { status: 'FAILED', reason: 'duplicate_payment', error: expect.stringContaining('operator') },
    ]);
  });

  it('refuses a webhook with a bad, old or missing signature (401) and grants nothing', async () => {
    const other = await newBuyer(t.app);
    const openId = checkoutIdOf((await link(other, { programId: 'prog-hosted' })).json().link);
    expect((await hostedNotification(t.url, openId, { secret: 'not-the-shared-secret-at-all' })).status).toBe(
      401,
    );
    const old = Math.floor(Date.now() / 1000) - 3600;
    expect((await hostedNotification(t.url, openId, { timestamp: old })).status).toBe(401);
    const unsigned = await fetch(`${t.url}/api/payments/webhooks/hosted-checkout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'checkout.paid', data: { id: openId } }),
    });
    expect(unsigned.status).toBe(401);
    expect(((await unsigned.json()) as { internalCode: string }).internalCode).toBe('INVALID_SIGNATURE');

    // well signed, but the provider says the checkout is still open: the body is not believed
    expect((await hostedNotification(t.url, openId)).status).toBe(200);
    expect(await purchasesOf(t.app, other.headers)).toEqual({});
    expect(await programOrdersOf(t.app, other.userId)).toMatchObject([{ status: 'pending', payments: 0 }]);
    // an id the provider does not know is acknowledged and ignored
    expect((await hostedNotification(t.url, 'hc_unknown')).status).toBe(200);
  });

  it('charges the discounted price with a promo code; a new link retires the open one and its coupon', async () => {
    const buyer = await newBuyer(t.app);
    const usesBefore = await promoUses(t.app, 'PROG-25');
    const first = checkoutIdOf(
      (await link(buyer, { programId: 'prog-hosted', promoCode: 'PROG-25' })).json().link,
    );
    expect(checkout(first)?.amount).toBe(2_250_000);
    expect(await promoUses(t.app, 'PROG-25')).toBe(usesBefore + 1);

    const second = checkoutIdOf(
      (await link(buyer, { programId: 'prog-hosted', promoCode: 'PROG-25' })).json().link,
    );
    expect(second).not.toBe(first);
    expect(checkout(first)?.status).toBe('expired');
    expect(await promoUses(t.app, 'PROG-25')).toBe(usesBefore + 1);
    expect((await programOrdersOf(t.app, buyer.userId)).map((o) => o.status)).toEqual([
      'cancelled',
      'pending',
    ]);
    const stale = await fetch(`${t.hosted.url}/pay/${first}`);
    expect(await stale.text()).toContain('Este pago ya no está disponible');
    expect((await form(`${t.hosted.url}/pay/${first}/pagar`)).status).toBe(409);

    await t.hosted.control.pay(second);
    await eventually(async () => {
      expect(await purchasesOf(t.app, buyer.headers)).toEqual({ programs: ['prog-hosted'] });
    });
    expect((await programOrdersOf(t.app, buyer.userId))[1]).toMatchObject({
      status: 'paid',
      amount_centavos: 2_250_000,
      granted: 1,
    });
  });

  it('closes the order and gives the coupon back when she cancels on the pay page', async () => {
    const buyer = await newBuyer(t.app);
    const usesBefore = await promoUses(t.app, 'PROG-25');
    const url = (await link(buyer, { programId: 'prog-hosted', promoCode: 'PROG-25' })).json().link as string;
    const cancelled = await form(`${url}/cancelar`);
    expect(cancelled.headers.get('location')).toBe(`${t.url}/compra/programa/prog-hosted`);
    await eventually(async () => {
      expect(await programOrdersOf(t.app, buyer.userId)).toMatchObject([{ status: 'cancelled' }]);
    });
    expect(await promoUses(t.app, 'PROG-25')).toBe(usesBefore);
    expect(await purchasesOf(t.app, buyer.headers)).toEqual({});
  });

  it('applies the same guards as the card payment, before creating any checkout', async () => {
    const buyer = await newBuyer(t.app);
    const mexican = await newBuyer(t.app, 'MX');
    const before = t.hosted.control.checkouts().length;
    expect((await link(buyer, { programId: 'prog-abierto' })).json().internalCode).toBe(
      'CHECKOUT_PROVIDER_MISMATCH',
    );
    expect((await link(mexican, { programId: 'prog-hosted' })).json().internalCode).toBe(
      'COUNTRY_NOT_ALLOWED',
    );
    expect((await link(buyer, { programId: 'prog-hosted', promoCode: 'PROG-GRATIS' })).json()).toEqual({
      internalCode: 'PROMO_CODE',
      message: 'PromoCode type error',
    });
    expect((await link(buyer, { programId: 'prog-hosted', promoCode: 'NOPE' })).json().message).toBe(
      'Not found promo code',
    );
    await givePurchase(t.app, buyer.userId, 'programs', 'prog-hosted');
    const owned = await link(buyer, { programId: 'prog-hosted' });
    expect(owned.statusCode).toBe(409);
    expect(owned.json().internalCode).toBe('ALREADY_PURCHASED');
    expect(t.hosted.control.checkouts().length).toBe(before);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/users/payment/link',
      payload: { programId: 'prog-hosted' },
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('grants only the buyer of the order: a user id in the body is ignored', async () => {
    const [ana, bea] = [await newBuyer(t.app), await newBuyer(t.app)];
    const anaLink = (await link(ana, { programId: 'prog-hosted', userId: bea.userId })).json().link as string;
    await form(`${anaLink}/pagar`);
    await eventually(async () => {
      expect(await purchasesOf(t.app, ana.headers)).toEqual({ programs: ['prog-hosted'] });
    });
    expect(await purchasesOf(t.app, bea.headers)).toEqual({});
  });

  // Last: it empties the stand-in.
  it('closes an order whose checkout the provider forgot (a restart) when she asks for a new link', async () => {
    const buyer = await newBuyer(t.app);
    const usesBefore = await promoUses(t.app, 'PROG-25');
    expect((await link(buyer, { programId: 'prog-hosted', promoCode: 'PROG-25' })).statusCode).toBe(200);
    t.hosted.control.reset();
    const again = await link(buyer, { programId: 'prog-hosted', promoCode: 'PROG-25' });
    expect(again.statusCode).toBe(200);
    expect(await promoUses(t.app, 'PROG-25')).toBe(usesBefore + 1);
    expect((await programOrdersOf(t.app, buyer.userId)).map((o) => o.status)).toEqual([
      'cancelled',
      'pending',
    ]);
  });
});

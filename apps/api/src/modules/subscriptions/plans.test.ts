import { promoCodeMessages, type SubscriptionPlan } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  ordersOf,
  type PaymentsTestApp,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../test/payments';
import { promoCodes } from '../../db/schema';

let t: PaymentsTestApp;
beforeAll(async () => {
  t = await createPaymentsTestApp();
  await seedTestPlans(t.app);
  await t.app.db.insert(promoCodes).values([
    { code: 'DESCUENTO20', type: 'DISCOUNT_COUPON', discountPercent: 20 },
    {
      code: 'ORO50',
      type: 'DISCOUNT_COUPON',
      discountPercent: 50,
      planIds: ['oro'],
      frequencies: ['annual'],
    },
    { code: 'CHICO5', type: 'DISCOUNT_COUPON', discountPercent: 5 },
    { code: 'GRATIS', type: 'FREE_PERIOD', freeDays: 30 },
    { code: 'VIEJO', type: 'DISCOUNT_COUPON', discountPercent: 30, validUntil: '2020-01-01' },
    { code: 'SOLOMX', type: 'DISCOUNT_COUPON', discountPercent: 30, allowedCountryCodes: ['MX'] },
  ]);
});
afterAll(() => t.close());

// Each call from a client address of its own: the file's many visitor lookups with a code must
// not spend the promo-lookup budget of one address (10 in 10 minutes), tested on its own below.
let addresses = 0;
const nextAddress = () => {
  addresses++;
  return `10.40.${Math.floor(addresses / 250)}.${(addresses % 250) + 1}`;
};
const get = (url: string, headers: Record<string, string> = {}, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'GET', url, headers, remoteAddress });

describe('GET /api/users/subscriptions', () => {
  it('lists active plans anonymously, in displayMetadata.order, with centavo prices keyed by frequency', async () => {
    const res = await get('/api/users/subscriptions');
    expect(res.statusCode).toBe(200);
    const plans = res.json() as SubscriptionPlan[];
    expect(plans.map((p) => p.name)).toEqual(['Plan Oro', 'Plan Básico', 'Plan Platino', 'Plan Externo']);
    const basico = plans[1];
    expect(basico).toMatchObject({ id: 'basico', weight: 1, privateServices: [] });
    expect(basico?.providerPlans).toEqual({
      monthly: {
        frequency: 'monthly',
        frequencyType: '1months',
        prices: { regularPrice: 1_000_000, discountPrice: null, discountPercentage: null },
        promoCodeApplied: false,
        freeTrial: null,
        checkoutProvider: 'MP',
        checkoutUrl: null,
        currency: 'ARS',
      },
      annual: expect.objectContaining({
        frequencyType: '12months',
        prices: { regularPrice: 12_000_000, discountPrice: 9_000_000, discountPercentage: 25 },
      }),
    });
    expect(plans[0]?.providerPlans.monthly?.freeTrial).toEqual({ frequency: 7, frequencyType: 'days' });
    expect(plans[0]?.privateServices).toEqual(['COMMUNITY']);
    expect(plans[3]?.providerPlans.monthly).toMatchObject({
      checkoutProvider: 'OTRO',
      checkoutUrl: 'https://pagos.example.com/externo',
    });
  });

  it('shows a coupon’s price where it applies; never stacks it on a better plan discount', async () => {
    const plans = (await get('/api/users/subscriptions?promoCode=descuento20')).json() as SubscriptionPlan[];
    const basico = plans.find((p) => p.id === 'basico');
    expect(basico?.providerPlans.monthly).toMatchObject({
      prices: { regularPrice: 1_000_000, discountPrice: 800_000, discountPercentage: 20 },
      promoCodeApplied: true,
    });
    // The annual plan's own 25 % beats the coupon's 20 %.
    expect(basico?.providerPlans.annual?.prices).toEqual({
      regularPrice: 12_000_000,
      discountPrice: 9_000_000,
      discountPercentage: 25,
    });
    // …so the code is not what this price comes from: no "Precio con tu código promocional".
    expect(basico?.providerPlans.annual?.promoCodeApplied).toBe(false);

    const oro = ((await get('/api/users/subscriptions?promoCode=ORO50')).json() as SubscriptionPlan[]).find(
      (p) => p.id === 'oro',
    );
    expect(oro?.providerPlans.annual).toMatchObject({
      prices: { discountPrice: 10_000_000, discountPercentage: 50 },
      promoCodeApplied: true,
    });
    expect(oro?.providerPlans.monthly?.promoCodeApplied).toBe(false);
  });

  it('ignores codes that cannot discount (unknown, expired, free periods, another country)', async () => {
    const buyer = await newBuyer(t.app);
    for (const code of ['NADA', 'VIEJO', 'GRATIS', 'SOLOMX']) {
      const plans = (
        await get(`/api/users/subscriptions?promoCode=${code}`, buyer.headers)
      ).json() as SubscriptionPlan[];
      expect(plans.every((p) => Object.values(p.providerPlans).every((pp) => !pp.promoCodeApplied))).toBe(
        true,
      );
    }
  });
});

describe('GET /api/users/subscriptions/search', () => {
  it('finds a plan by name in any case, or by id; 404 otherwise', async () => {
    expect((await get('/api/users/subscriptions/search?name=PLAN%20ORO')).json()).toMatchObject({
      id: 'oro',
    });
    expect((await get('/api/users/subscriptions/search?name=platino')).json()).toMatchObject({
      name: 'Plan Platino',
    });
    const missing = await get('/api/users/subscriptions/search?name=Plan%20Diamante');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().internalCode).toBe('SUBSCRIPTION_PLAN_NOT_FOUND');
  });

  it('applies a coupon for the plan and frequency, else INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN', async () => {
    const ok = await get(
      '/api/users/subscriptions/search?name=Plan%20Oro&promoCode=ORO50&planFrequency=annual',
    );
    expect(ok.statusCode).toBe(200);
    expect(ok.json().providerPlans.annual.prices.discountPrice).toBe(10_000_000);
    for (const query of [
      'name=Plan%20Oro&promoCode=ORO50&planFrequency=monthly',
      'name=Plan%20B%C3%A1sico&promoCode=ORO50',
      'name=Plan%20Oro&promoCode=GRATIS',
    ]) {
      const res = await get(`/api/users/subscriptions/search?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().internalCode).toBe('INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN');
    }
  });

  it('says what is wrong with a code that fails for itself: unknown, expired (issue 20)', async () => {
    const unknown = await get('/api/users/subscriptions/search?name=Plan%20Oro&promoCode=NADA');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ internalCode: 'PROMO_CODE', message: 'Not found promo code' });
    const expired = await get('/api/users/subscriptions/search?name=Plan%20Oro&promoCode=VIEJO');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ internalCode: 'PROMO_CODE', message: 'Expired promo code' });
  });
});

describe('promo code lookups', () => {
  it('share one budget per account from any address and across routes: 10 in 10 minutes (issue 40)', async () => {
    const buyer = await newBuyer(t.app);
    // five codes through the plan search, five through the plan list, each from another address
    for (let i = 0; i < 5; i++) {
      const search = await get(
        `/api/users/subscriptions/search?name=Plan%20Oro&promoCode=ADIVINO${i}`,
        buyer.headers,
      );
      expect(search.statusCode).toBe(404);
      const list = await get(`/api/users/subscriptions?promoCode=ADIVINA${i}`, buyer.headers);
      expect(list.statusCode).toBe(200);
    }
    const redeem = await t.app.inject({
      method: 'POST',
      url: '/api/users/subscriptions/usePromoCode',
      headers: buyer.headers,
      payload: { promoCode: 'OTRO' },
      remoteAddress: nextAddress(),
    });
    expect(redeem.statusCode).toBe(429);
    expect(redeem.json()).toEqual({
      internalCode: 'TOO_MANY_REQUESTS',
      message: expect.stringMatching(/intentos/),
    });
    expect(
      (await get('/api/users/subscriptions/search?name=Plan%20Oro&promoCode=ORO50', buyer.headers))
        .statusCode,
    ).toBe(429);
    // plain plan lists are not counted; another account keeps its own budget
    expect((await get('/api/users/subscriptions/search?name=Plan%20Oro', buyer.headers)).statusCode).toBe(
      200,
    );
    const other = await newBuyer(t.app);
    expect((await get('/api/users/subscriptions?promoCode=DESCUENTO20', other.headers)).statusCode).toBe(200);
  });

  it('give a visitor without a session 10 codes in 10 minutes per address', async () => {
    const visitor = nextAddress();
    const search = (code: string, remoteAddress = visitor) =>
      get(`/api/users/subscriptions/search?name=Plan%20Oro&promoCode=${code}`, {}, remoteAddress);
    for (let i = 0; i < 10; i++) expect((await search(`VISITA${i}`)).statusCode).toBe(404);
    expect((await search('VISITA-OTRA')).statusCode).toBe(429);
    expect((await get('/api/users/subscriptions', {}, visitor)).statusCode).toBe(200);
    expect((await search('DESCUENTO20', nextAddress())).statusCode).toBe(200);
  });
});

describe('a coupon at card checkout', () => {
  const usesOf = async (code: string) =>
    (await t.app.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.code, code)))[0]
      ?.uses;

  it('charges the coupon price and uses the code once; a refused card gives the use back', async () => {
    const refusedBuyer = await newBuyer(t.app);
    const refused = await subscribe(t.app, refusedBuyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'FUND'),
      promoCode: 'CHICO5',
    });
    expect(refused.statusCode).toBe(402);
    expect(await usesOf('CHICO5')).toBe(0);

    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator, 'APRO'),
      promoCode: 'chico5',
    });
    expect(res.statusCode).toBe(200);
    const [order] = await ordersOf(t.app, buyer.userId);
    expect(order?.amount_centavos).toBe(950_000);
    const preapproval =
      t.emulator.control.state().preapprovals[order?.provider_preapproval_id ?? '']?.resource;
    expect(preapproval?.auto_recurring.transaction_amount).toBe(9500);
    expect(await usesOf('CHICO5')).toBe(1);
    const { rows } = await t.app.db.execute(
      sql`select order_id from promo_code_redemptions where user_id = ${buyer.userId}`,
    );
    expect(rows).toEqual([{ order_id: order?.id }]);
    const current = await get('/api/users/mercadopago/suscription', buyer.headers);
    expect(current.json().subscription).toMatchObject({ amount: 950_000, promoCodeApplied: true });
    await settleWebhooks(t.emulator);
  });

  it('a coupon that saves nothing against the plan’s own discount is refused with the reason and never spent', async () => {
    const search = await get(
      '/api/users/subscriptions/search?name=Plan%20B%C3%A1sico&planFrequency=annual&promoCode=CHICO5',
    );
    expect(search.statusCode).toBe(409);
    expect(search.json()).toEqual({
      internalCode: 'PROMO_CODE_NOT_BETTER',
      message: expect.stringContaining('no mejora el precio de este plan'),
    });
    // Monthly has no plan discount: there the same code is fine.
    const monthly = await get(
      '/api/users/subscriptions/search?name=Plan%20B%C3%A1sico&planFrequency=monthly&promoCode=CHICO5',
    );
    expect(monthly.statusCode).toBe(200);

    const before = await usesOf('CHICO5');
    const buyer = await newBuyer(t.app);
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'annual',
      cardToken: await cardToken(t.emulator, 'APRO'),
      promoCode: 'CHICO5',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().internalCode).toBe('PROMO_CODE_NOT_BETTER');
    expect(await usesOf('CHICO5')).toBe(before);
    expect(await ordersOf(t.app, buyer.userId)).toEqual([]);
    const { rows } = await t.app.db.execute(
      sql`select id from promo_code_redemptions where user_id = ${buyer.userId}`,
    );
    expect(rows).toEqual([]);
  });

  it('refuses codes that do not discount this plan and frequency, and a code used before', async () => {
    const buyer = await newBuyer(t.app);
    const token = await cardToken(t.emulator, 'APRO');
    const attempt = (promoCode: string, subscriptionPlanName = 'Plan Oro') =>
      subscribe(t.app, buyer, {
        subscriptionPlanName,
        subscriptionPlanFrequency: 'monthly',
        cardToken: token,
        promoCode,
      });
    for (const code of ['ORO50', 'GRATIS']) {
      const res = await attempt(code);
      expect(res.statusCode).toBe(400);
      expect(res.json().internalCode).toBe('INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN');
    }
    const expired = await attempt('VIEJO');
    expect(expired.json()).toEqual({ internalCode: 'PROMO_CODE', message: promoCodeMessages.expired });
    const foreign = await attempt('SOLOMX');
    expect(foreign.json()).toEqual({
      internalCode: 'PROMO_CODE',
      message: promoCodeMessages.notAllowedCountryCode,
    });

    await t.app.db.execute(
      sql`insert into promo_code_redemptions (promo_code_id, user_id)
          select id, ${buyer.userId}::uuid from promo_codes where code = 'DESCUENTO20'`,
    );
    const used = await attempt('DESCUENTO20');
    expect(used.json()).toEqual({ internalCode: 'PROMO_CODE', message: promoCodeMessages.alreadyPromoCode });
    expect(await ordersOf(t.app, buyer.userId)).toEqual([]);
  });
});

import { promoCodeMessages } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailsTo } from '../../../test/accounts';
import { createTestApp, type TestApp } from '../../../test/helpers';
import { type Buyer, eventually, newBuyer, seedTestPlans, storedSubscription } from '../../../test/payments';
import { promoCodes } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { spanishDate } from '../../lib/spanish-format';
import { addToDate } from '../../lib/subscription-dates';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedTestPlans(t.app);
  const today = argentinaDate();
  await t.app.db.insert(promoCodes).values([
    { code: 'Bienvenida30', type: 'FREE_PERIOD', freeDays: 30 },
    { code: 'ORO2M', type: 'FREE_PERIOD', freeMonths: 2, planId: 'oro' },
    { code: 'DESCUENTO20', type: 'DISCOUNT_COUPON', discountPercent: 20 },
    { code: 'VENCIDO', type: 'FREE_PERIOD', freeDays: 30, validUntil: addToDate(today, { days: -1 }) },
    { code: 'ULTIMODIA', type: 'FREE_PERIOD', freeDays: 1, validUntil: today },
    { code: 'PAUSADO', type: 'FREE_PERIOD', freeDays: 30, active: false },
    { code: 'PRONTO', type: 'FREE_PERIOD', freeDays: 30, validFrom: addToDate(today, { days: 1 }) },
    { code: 'BAJA', type: 'FREE_PERIOD', freeDays: 30, disabled: true },
    { code: 'AGOTADO', type: 'FREE_PERIOD', freeDays: 30, maxUses: 0 },
    { code: 'SOLOMX', type: 'FREE_PERIOD', freeDays: 15, allowedCountryCodes: ['MX'] },
    { code: 'PROGRAMA', type: 'PROGRAM_ACCESS', freeDays: 30 },
    { code: 'SINDURACION', type: 'FREE_PERIOD' },
    { code: 'CIENPORCIENTO', type: 'DISCOUNT_COUPON', discountPercent: 100 },
    { code: 'UNICO', type: 'FREE_PERIOD', freeMonths: 1, maxUses: 1 },
  ]);
});
afterAll(() => t.close());

const usePromo = (buyer: Buyer | null, promoCode: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/subscriptions/usePromoCode',
    headers: buyer?.headers ?? {},
    payload: { promoCode },
  });

const usesOf = async (code: string) =>
  (await t.app.db.select({ uses: promoCodes.uses }).from(promoCodes).where(eq(promoCodes.code, code)))[0]
    ?.uses;

describe('POST /api/users/subscriptions/usePromoCode', () => {
  it('grants a free period from today (any letter case), origin PROMO_CODE, on the lightest plan', async () => {
    const buyer = await newBuyer(t.app);
    const res = await usePromo(buyer, '  bienvenida30 ');
    expect(res.statusCode).toBe(200);
    const endDate = addToDate(argentinaDate(), { days: 30 });
    expect(res.json()).toEqual({ isDiscountCoupon: false, subscriptionEndDate: endDate });
    expect(await storedSubscription(t.app, buyer.userId)).toEqual({
      endDate,
      planId: 'basico',
      origin: 'PROMO_CODE',
    });
    const origin = await t.app.inject({
      method: 'GET',
      url: '/api/users/subscriptions/lastOrigin',
      headers: buyer.headers,
    });
    expect(origin.json()).toEqual({ lastUserServiceOrigin: 'PROMO_CODE' });
    const status = await t.app.inject({
      method: 'GET',
      url: '/api/users/isSubscribed',
      headers: buyer.headers,
    });
    expect(status.json()).toMatchObject({ isSubscribed: true, subscriptionPlan: { id: 'basico' } });
    expect(await usesOf('Bienvenida30')).toBe(1);
    // Her mail says what the code gave and until when (decision 88).
    await eventually(async () => {
      const mail = (await mailsTo(t.app, buyer.email)).find((m) => m.subject.startsWith('Ya tenés'));
      expect(mail?.subject).toBe('Ya tenés el Plan Básico gratis');
      expect(mail?.text).toContain(`Activaste el código Bienvenida30`);
      expect(mail?.text).toContain(`hasta el ${spanishDate(endDate)}.`);
    });
  });

  it('grants the plan the code names, for whole months', async () => {
    const buyer = await newBuyer(t.app);
    const res = await usePromo(buyer, 'ORO2M');
    expect(res.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { months: 2 }));
    expect((await storedSubscription(t.app, buyer.userId))?.planId).toBe('oro');
  });

  it('only checks a discount coupon: it applies at checkout, nothing is granted or used up', async () => {
    const buyer = await newBuyer(t.app);
    const res = await usePromo(buyer, 'descuento20');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isDiscountCoupon: true, subscriptionEndDate: null });
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({ endDate: null, origin: null });
    expect(await usesOf('DESCUENTO20')).toBe(0);
  });

  it('accepts a code on its last valid day', async () => {
    const res = await usePromo(await newBuyer(t.app), 'ULTIMODIA');
    expect(res.statusCode).toBe(200);
  });

  it.each([
    ['NOEXISTE', 404, 'notFound'],
    ['VENCIDO', 400, 'expired'],
    ['PAUSADO', 400, 'inactive'],
    ['PRONTO', 400, 'inactive'],
    ['BAJA', 400, 'disabled'],
    ['AGOTADO', 409, 'exhausted'],
    ['SOLOMX', 403, 'notAllowedCountryCode'],
    ['PROGRAMA', 400, 'typeError'],
    ['SINDURACION', 400, 'typeError'],
    ['CIENPORCIENTO', 400, 'typeError'],
  ] as const)('refuses %s with %i and the exact message of %s', async (code, status, key) => {
    const buyer = await newBuyer(t.app);
    const res = await usePromo(buyer, code);
    expect(res.statusCode).toBe(status);
    expect(res.json()).toEqual({ internalCode: 'PROMO_CODE', message: promoCodeMessages[key] });
    expect(await storedSubscription(t.app, buyer.userId)).toMatchObject({ endDate: null });
  });

  it('lets a Mexican account use SOLOMX', async () => {
    const res = await usePromo(await newBuyer(t.app, 'MX'), 'SOLOMX');
    expect(res.statusCode).toBe(200);
    expect(res.json().subscriptionEndDate).toBe(addToDate(argentinaDate(), { days: 15 }));
  });

  it('refuses a second use by the same user, and a free period to a subscriber', async () => {
    const buyer = await newBuyer(t.app);
    expect((await usePromo(buyer, 'BIENVENIDA30')).statusCode).toBe(200);
    const again = await usePromo(buyer, 'BIENVENIDA30');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ internalCode: 'PROMO_CODE', message: promoCodeMessages.alreadyPromoCode });
    const other = await usePromo(buyer, 'ORO2M');
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({
      internalCode: 'PROMO_CODE',
      message: promoCodeMessages.alreadySubscription,
    });
    expect((await storedSubscription(t.app, buyer.userId))?.planId).toBe('basico');
  });

  it('gives a single-use code to exactly one of five users trying at once', async () => {
    const buyers = await Promise.all([1, 2, 3, 4, 5].map(() => newBuyer(t.app)));
    const answers = await Promise.all(buyers.map((buyer) => usePromo(buyer, 'UNICO')));
    const winners = answers.filter((a) => a.statusCode === 200);
    expect(winners).toHaveLength(1);
    for (const loser of answers.filter((a) => a.statusCode !== 200)) {
      expect(loser.statusCode).toBe(409);
      expect(loser.json()).toEqual({ internalCode: 'PROMO_CODE', message: promoCodeMessages.exhausted });
    }
    expect(await usesOf('UNICO')).toBe(1);
    const { rows } = await t.app.db.execute(
      sql`select r.user_id from promo_code_redemptions r join promo_codes c on c.id = r.promo_code_id where c.code = 'UNICO'`,
    );
    expect(rows).toHaveLength(1);
    const subscribed = await Promise.all(buyers.map((b) => storedSubscription(t.app, b.userId)));
    expect(subscribed.filter((s) => s?.endDate !== null)).toHaveLength(1);
  });

  it('needs a session and a code, and limits attempts per user', async () => {
    expect((await usePromo(null, 'BIENVENIDA30')).statusCode).toBe(401);
    const buyer = await newBuyer(t.app);
    const empty = await usePromo(buyer, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().internalCode).toBe('INVALID_DATA');
    for (let i = 0; i < 10; i++) expect((await usePromo(buyer, `ADIVINO${i}`)).statusCode).toBe(404);
    expect((await usePromo(buyer, 'ADIVINO-OTRA-VEZ')).statusCode).toBe(429);
    // Another account is not affected.
    expect((await usePromo(await newBuyer(t.app), 'NOEXISTE')).statusCode).toBe(404);
  });
});

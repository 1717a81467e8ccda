import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../test/payments';
import { promoCodes } from '../../db/schema';

const t = testAppForFile(createPaymentsTestApp, async (app) => {
  await seedTestPlans(app);
  await app.db.insert(promoCodes).values([
    { code: 'SOLOMX15', type: 'FREE_PERIOD', freeDays: 15, allowedCountryCodes: ['MX'] },
    { code: 'TODOS10', type: 'FREE_PERIOD', freeDays: 10 },
  ]);
});

const setCountry = (buyer: Buyer, countryCode: string) =>
  t.app.inject({
    method: 'PATCH',
    url: '/api/users/partialonboarding',
    headers: buyer.headers,
    payload: { countryCode, telephone: '11 2345 6789' },
  });
const redeem = (buyer: Buyer, promoCode: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/users/subscriptions/usePromoCode',
    headers: buyer.headers,
    payload: { promoCode },
  });

describe('changing the country of an account', () => {
  it('an Argentine account that switched to Mexico for an MX-only code cannot switch back to buy as Argentine', async () => {
    const buyer = await newBuyer(t.app, 'AR');
    // Before any country check was used, the country is a plain profile field.
    expect((await setCountry(buyer, 'MX')).statusCode).toBe(200);
    expect((await redeem(buyer, 'SOLOMX15')).statusCode).toBe(200);
    const back = await setCountry(buyer, 'AR');
    expect(back.statusCode).toBe(409);
    expect(back.json()).toEqual({
      internalCode: 'COUNTRY_CHANGE_NOT_ALLOWED',
      message: expect.stringContaining('no se puede cambiar'),
    });
    // Still Mexican for every server rule: the Argentina-only checkout refuses her.
    const res = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator),
    });
    expect(res.json().internalCode).toBe('COUNTRY_NOT_ALLOWED');
    // The same country again is not a change.
    expect((await setCountry(buyer, 'MX')).statusCode).toBe(200);
  });

  it('a Mexican account that switched to Argentina to buy cannot switch back for an MX-only code', async () => {
    const buyer = await newBuyer(t.app, 'MX');
    expect((await setCountry(buyer, 'AR')).statusCode).toBe(200);
    const paid = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'Plan Básico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator),
    });
    expect(paid.statusCode).toBe(200);
    await settleWebhooks(t.emulator);
    expect((await setCountry(buyer, 'MX')).statusCode).toBe(409);
    const code = await redeem(buyer, 'SOLOMX15');
    expect(code.statusCode).not.toBe(200);
  });

  it('a code for every country does not fix the country', async () => {
    const buyer = await newBuyer(t.app, 'AR');
    expect((await redeem(buyer, 'TODOS10')).statusCode).toBe(200);
    expect((await setCountry(buyer, 'UY')).statusCode).toBe(200);
  });
});

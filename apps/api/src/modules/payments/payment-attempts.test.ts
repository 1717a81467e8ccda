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
import { payProgram, seedTestProgramCatalog } from '../../../test/programs';

const t = testAppForFile(createPaymentsTestApp, async (app) => {
  await seedTestPlans(app);
  await seedTestProgramCatalog(app);
});

const attemptsOf = async (buyer: Buyer, purchaseType: string, productId: string) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/users/payment/attempts?purchaseType=${purchaseType}&productId=${productId}`,
      headers: buyer.headers,
    })
  ).json();
const subscribeBasico = async (buyer: Buyer, cardholder: string) =>
  subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Básico',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator, cardholder),
  });
const payAbierto = async (buyer: Buyer, cardholder: string) =>
  payProgram(t.app, buyer.headers, {
    programId: 'prog-abierto',
    cardTokenId: await cardToken(t.emulator, cardholder),
  });

describe('refused card attempts, counted on the server per user and product', () => {
  it('a refused subscription payment does not count for a program; the second refusal of a product ends its flow', async () => {
    const buyer = await newBuyer(t.app);
    expect(await attemptsOf(buyer, 'SUBSCRIPTION_PURCHASE', 'basico')).toEqual({
      refusedAttempts: 0,
      maxAttempts: 2,
      exhausted: false,
      lastRefusedReason: null,
    });
    expect((await subscribeBasico(buyer, 'FUND')).statusCode).toBe(402);
    await settleWebhooks(t.emulator);
    expect(await attemptsOf(buyer, 'SUBSCRIPTION_PURCHASE', 'basico')).toMatchObject({
      refusedAttempts: 1,
      exhausted: false,
      lastRefusedReason: 'INSUFFICIENT_AMOUNT',
    });
    // Another product, another count: the program's first refusal is a first one.
    expect(await attemptsOf(buyer, 'PROGRAM_PURCHASE', 'prog-abierto')).toMatchObject({ refusedAttempts: 0 });
    expect((await payAbierto(buyer, 'OTHE')).statusCode).toBe(402);
    expect(await attemptsOf(buyer, 'PROGRAM_PURCHASE', 'prog-abierto')).toMatchObject({
      refusedAttempts: 1,
      exhausted: false,
    });

    expect((await subscribeBasico(buyer, 'CALL')).statusCode).toBe(402);
    await settleWebhooks(t.emulator);
    expect(await attemptsOf(buyer, 'SUBSCRIPTION_PURCHASE', 'basico')).toMatchObject({
      refusedAttempts: 2,
      exhausted: true,
      lastRefusedReason: 'CALL_FOR_AUTHORIZE',
    });
    // The flow has ended: a third attempt is refused before any charge.
    const payments = Object.keys(t.emulator.control.state().payments).length;
    const third = await subscribeBasico(buyer, 'APRO');
    expect(third.statusCode).toBe(409);
    expect(third.json().internalCode).toBe('PAYMENT_ATTEMPTS_EXHAUSTED');
    expect(Object.keys(t.emulator.control.state().payments)).toHaveLength(payments);
    // The program still has its retry.
    expect((await payAbierto(buyer, 'APRO')).statusCode).toBe(200);
    expect(await attemptsOf(buyer, 'PROGRAM_PURCHASE', 'prog-abierto')).toMatchObject({ refusedAttempts: 0 });
  });

  it('counts only her own attempts and needs a session', async () => {
    const one = await newBuyer(t.app);
    const other = await newBuyer(t.app);
    expect((await payAbierto(one, 'FUND')).statusCode).toBe(402);
    expect(await attemptsOf(other, 'PROGRAM_PURCHASE', 'prog-abierto')).toMatchObject({ refusedAttempts: 0 });
    const anonymous = await t.app.inject({
      method: 'GET',
      url: '/api/users/payment/attempts?purchaseType=PROGRAM_PURCHASE&productId=prog-abierto',
    });
    expect(anonymous.statusCode).toBe(401);
  });
});

import type { SubscriptionPlan } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { operatorSession } from '../../../test/operators';
import { cardToken, newBuyer, subscribe } from '../../../test/payments';
import { adminTestApp } from '../admin/core/admin-test-setup';

// Issue 39 point 9 (decision 0281): the SUBSCRIPTION_CHECKOUT_PROVIDER service control decides the
// subscription checkout's provider ('MP' or the second provider's code); a plan price sold through
// its own link of the second provider keeps it.

const t = adminTestApp();

const control = async (payload: { enabled: boolean; resource?: string | null }) => {
  const admin = await operatorSession(t.app, 'admin');
  return t.app.inject({
    method: 'PUT',
    url: '/api/admin/service-controls/SUBSCRIPTION_CHECKOUT_PROVIDER',
    headers: admin.headers,
    payload,
  });
};

async function providers(): Promise<Record<string, string | undefined>> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/subscriptions' });
  const plans = res.json() as SubscriptionPlan[];
  return Object.fromEntries(
    plans.flatMap((plan) =>
      Object.entries(plan.providerPlans).map(([frequency, p]) => [
        `${plan.id}:${frequency}`,
        p?.checkoutProvider,
      ]),
    ),
  );
}

async function cardCheckout() {
  const buyer = await newBuyer(t.app);
  return subscribe(t.app, buyer, {
    subscriptionPlanName: 'Plan Básico',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator, 'APRO'),
  });
}

describe('the SUBSCRIPTION_CHECKOUT_PROVIDER control', () => {
  it('set to the second provider, the plans are checked out with it and the card checkout refuses; back to MP, cards again', async () => {
    expect(await providers()).toMatchObject({ 'basico:monthly': 'MP', 'externo:monthly': 'OTRO' });

    const put = await control({ enabled: true, resource: 'HOSTED' });
    expect(put.statusCode, put.body).toBe(200);
    // the cached plan list changed at once
    expect(await providers()).toMatchObject({
      'basico:monthly': 'HOSTED',
      'basico:annual': 'HOSTED',
      'oro:monthly': 'HOSTED',
      // a plan sold through its own link of the second provider keeps it
      'externo:monthly': 'OTRO',
    });
    const refused = await cardCheckout();
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ internalCode: 'CHECKOUT_PROVIDER_MISMATCH' });

    expect((await control({ enabled: true, resource: 'MP' })).statusCode).toBe(200);
    expect(await providers()).toMatchObject({ 'basico:monthly': 'MP', 'externo:monthly': 'OTRO' });
    expect((await cardCheckout()).statusCode).toBe(200);
  });

  it('off, each plan decides; an unknown provider is refused in Spanish', async () => {
    expect((await control({ enabled: false, resource: 'HOSTED' })).statusCode).toBe(200);
    expect(await providers()).toMatchObject({ 'basico:monthly': 'MP', 'externo:monthly': 'OTRO' });
    const bad = await control({ enabled: true, resource: 'PAYPAL' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      internalCode: 'INVALID_DATA',
      message: expect.stringContaining('MP (Mercado Pago) o HOSTED'),
    });
    expect((await control({ enabled: true, resource: 'MP' })).statusCode).toBe(200);
  });
});

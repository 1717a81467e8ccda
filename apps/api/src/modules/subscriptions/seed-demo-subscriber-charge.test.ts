import type { Credentials } from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, login, register } from '../../../test/accounts';
import { testAppForFile } from '../../../test/helpers';
import { cardToken, createPaymentsTestApp, MP, ordersOf, settleWebhooks } from '../../../test/payments';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { demoSubscriberEmail, seedDemoSubscriberCharge } from './seed-demo-subscriber-charge';
import { seedDemoSubscriptions } from './seed-demo-subscriptions';

const t = testAppForFile(createPaymentsTestApp, (app) => seedDemoSubscriptions(app.db));

describe('the demo subscriber’s charge on record', () => {
  it('is a real annual charge at the emulator, made once, so her upgrade refunds a prorated amount', async () => {
    expect((await register(t.app, { email: demoSubscriberEmail })).statusCode).toBe(201);
    const yearLater = addToDate(argentinaDate(), { months: 12 });
    await t.app.db.execute(
      sql`update users set subscription_end_date = ${yearLater}, subscription_plan_id = 'plan-esencial'
           where email = ${demoSubscriberEmail}`,
    );
    const emulator = { baseUrl: t.emulator.url, publicKey: MP.publicKey };
    expect(await seedDemoSubscriberCharge(t.app, emulator)).toBe(true);
    expect(await seedDemoSubscriberCharge(t.app, emulator)).toBe(false);

    const credentials = (await login(t.app, demoSubscriberEmail)).json() as Credentials;
    const [order] = await ordersOf(t.app, credentials.userId);
    expect(order).toMatchObject({ status: 'active', amount_centavos: 9_504_000, payments: 1 });
    const charges = Object.values(t.emulator.control.state().payments).filter(
      (p) => p.metadata.preapproval_id === order?.provider_preapproval_id,
    );
    expect(charges.map((c) => [c.status, c.transaction_amount])).toEqual([['approved', 95_040]]);

    const upgrade = await t.app.inject({
      method: 'POST',
      url: '/api/users/mercadopago/suscription',
      headers: bearer(credentials),
      payload: {
        subscriptionPlanName: 'Plan Oro',
        subscriptionPlanFrequency: 'annual',
        cardToken: await cardToken(t.emulator, 'APRO'),
      },
    });
    expect(upgrade.json()).toMatchObject({ isUpgradeSubscription: true, refundStatus: 'SUCCESS' });
    const refunded = t.emulator.control.state().payments[String(charges[0]?.id)]?.transaction_amount_refunded;
    expect(refunded).toBeGreaterThan(0);
    await settleWebhooks(t.emulator);
  });
});

import type { Credentials } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { bearer, login, register } from '../../../test/accounts';
import { testAppForFile } from '../../../test/helpers';
import { createPaymentsTestApp, MP, ordersOf, settleWebhooks } from '../../../test/payments';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { demoCancelledEmail, demoPastDueEmail, seedDemoAfterSale } from './seed-demo-after-sale';
import { seedDemoSubscriptions } from './seed-demo-subscriptions';

const t = testAppForFile(createPaymentsTestApp, (app) => seedDemoSubscriptions(app.db));

async function subscriptionOf(email: string) {
  const credentials = (await login(t.app, email)).json() as Credentials;
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/users/me/subscription',
    headers: bearer(credentials),
  });
  return { userId: credentials.userId, subscription: res.json() };
}

describe('demo subscriptions after the sale', () => {
  it('seeds, once, one subscriber in "pago pendiente" and one cancelled with access left, with real agreements', async () => {
    for (const email of [demoPastDueEmail, demoCancelledEmail]) {
      expect((await register(t.app, { email })).statusCode).toBe(201);
    }
    const emulator = { baseUrl: t.emulator.url, publicKey: MP.publicKey };
    await seedDemoAfterSale(t.app, emulator);
    await settleWebhooks(t.emulator);
    await seedDemoAfterSale(t.app, emulator);

    const pastDue = await subscriptionOf(demoPastDueEmail);
    expect(pastDue.subscription).toMatchObject({
      status: 'past_due',
      plan: { id: 'plan-esencial' },
      graceUntil: addToDate(argentinaDate(), { days: 7 }),
      card: { brand: 'visa', lastFour: '3704' },
    });
    const [pastDueOrder] = await ordersOf(t.app, pastDue.userId);
    const state = t.emulator.control.state();
    const invoices = Object.values(state.authorizedPayments).filter(
      (i) => i.preapproval_id === pastDueOrder?.provider_preapproval_id,
    );
    expect(invoices.map((i) => i.status)).toEqual(['processed', 'recycling']);

    const cancelled = await subscriptionOf(demoCancelledEmail);
    expect(cancelled.subscription).toMatchObject({
      status: 'cancelled',
      currentPeriodEnd: addToDate(argentinaDate(), { months: 1 }),
      cancellationCode: expect.stringMatching(/^BAJA-/),
    });
    const orders = await ordersOf(t.app, cancelled.userId);
    expect(orders).toHaveLength(1);
    expect(state.preapprovals[orders[0]?.provider_preapproval_id ?? '']?.resource.status).toBe('cancelled');
    // her card is on file: "Reactivar" is a confirmation (issue 39, decision 0283)
    expect(cancelled.subscription.storedCard).toMatchObject({ lastFour: '3704' });
  });
});

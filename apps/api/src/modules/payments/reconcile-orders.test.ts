import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/accounts';
import { createGuestPreference, guestPayload } from '../../../test/guest-memberships';
import { testAppForFile } from '../../../test/helpers';
import {
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  settleWebhooks,
  signedNotification,
} from '../../../test/payments';
import { ownedRows, payProgram, programOrdersOf, seedTestProgramCatalog } from '../../../test/programs';
import { seedDemoSubscriptions } from '../subscriptions/seed-demo-subscriptions';
import { reconcileOrders } from './reconcile-orders';

// Every notification about a one-off payment is sent to PUBLIC_URL, where nothing listens: they
// are all lost, as when the provider cannot reach us. The app still answers at t.url.
const t = testAppForFile(
  () => createPaymentsTestApp({ PUBLIC_URL: 'http://127.0.0.1:9' }),
  async (app) => {
    await seedTestProgramCatalog(app);
    await seedDemoSubscriptions(app.db);
  },
);

/** As if it happened ten minutes ago: older than the wait for its notification. */
async function age(app: FastifyInstance, orderId: string) {
  await app.db.execute(
    sql`update payment_orders set created_at = created_at - interval '10 minutes' where id = ${orderId}`,
  );
  await app.db.execute(
    sql`update payments set updated_at = updated_at - interval '10 minutes' where order_id = ${orderId}`,
  );
}

/** Everything a grant touches for this order. */
async function snapshot(app: FastifyInstance, orderId: string) {
  const { rows } = await app.db.execute(sql`
    select o.status,
           (select json_agg(json_build_object('id', p.provider_payment_id, 'status', p.status, 'granted', p.granted_at) order by p.id)
              from payments p where p.order_id = o.id) as payments,
           (select count(*)::int from payment_status_history h where h.order_id = o.id) as history,
           (select count(*)::int from user_purchases u where u.user_id = o.user_id) as purchases
      from payment_orders o where o.id = ${orderId}`);
  return rows[0];
}

describe('webhooks reconciliation', () => {
  it('grants a program whose approval was never notified, once; a second run changes nothing', async () => {
    const buyer = await newBuyer(t.app);
    const res = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'CONT'),
    });
    expect(res.statusCode).toBe(202);
    const [order] = await programOrdersOf(t.app, buyer.userId);
    const orderId = order?.id ?? '';
    const charge = Object.values(t.emulator.control.state().payments).find(
      (p) => p.external_reference === `program:${orderId}`,
    );
    // The provider approves it later; the notification never arrives.
    t.emulator.control.settlePayment(charge?.id ?? 0, 'approved');
    await settleWebhooks(t.emulator);
    expect(t.emulator.control.deliveries().some((d) => d.dataId === String(charge?.id) && d.delivered)).toBe(
      false,
    );
    expect(await programOrdersOf(t.app, buyer.userId)).toMatchObject([{ status: 'pending', granted: 0 }]);

    // Within the first minutes the notification may still come: nothing is asked yet.
    expect((await reconcileOrders(t.app)).checked).toBe(0);

    await age(t.app, orderId);
    expect(await reconcileOrders(t.app)).toEqual({ checked: 1, reconciled: 1, failed: 0 });
    expect(await programOrdersOf(t.app, buyer.userId)).toMatchObject([
      { status: 'paid', payments: 1, granted: 1 },
    ]);
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);

    // Again, and the late notification after it: nothing changes.
    const before = await snapshot(t.app, orderId);
    expect(await reconcileOrders(t.app, { minAgeMs: 0 })).toMatchObject({ reconciled: 0, failed: 0 });
    expect((await signedNotification(t.url, 'payment', String(charge?.id))).status).toBe(200);
    expect(await snapshot(t.app, orderId)).toEqual(before);
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);
  });

  it('finds a guest purchase we hold no payment of by asking the provider, and grants it once', async () => {
    const email = uniqueEmail('perdida');
    const pref = await createGuestPreference(t.app, guestPayload('ORO', { email }));
    expect(pref.statusCode).toBe(200);
    const prefId = new URL((pref.json() as { init_point: string }).init_point).searchParams.get('pref_id');
    const { rows } = await t.app.db.execute<{ id: string }>(
      sql`select id from payment_orders where provider_preference_id = ${prefId}`,
    );
    const orderId = rows[0]?.id ?? '';
    const paid = await fetch(`${t.emulator.url}/checkout/v1/pay`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        pref_id: prefId ?? '',
        card: 'visa',
        cardholder_name: 'APRO',
        installments: '1',
        email,
      }).toString(),
    });
    expect(paid.status).toBe(303);
    await settleWebhooks(t.emulator);
    // Paid at the provider, unknown here: no payment, no account.
    expect(await snapshot(t.app, orderId)).toMatchObject({ status: 'created', payments: null });

    await age(t.app, orderId);
    expect(await reconcileOrders(t.app)).toEqual({ checked: 1, reconciled: 1, failed: 0 });
    const after = await snapshot(t.app, orderId);
    expect(after).toMatchObject({ status: 'paid', payments: [{ status: 'approved' }] });
    const { rows: accounts } = await t.app.db.execute<{ n: number }>(
      sql`select count(*)::int as n from users where lower(email) = ${email.toLowerCase()} and subscription_end_date is not null`,
    );
    expect(accounts[0]?.n).toBe(1);

    expect(await reconcileOrders(t.app, { minAgeMs: 0 })).toMatchObject({ reconciled: 0, failed: 0 });
    expect(await snapshot(t.app, orderId)).toEqual(after);
  });
});

import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { testAppForFile, testConfig } from '../../../test/helpers';
import {
  cardToken,
  createPaymentsTestApp,
  eventually,
  MP,
  newBuyer,
  settleWebhooks,
} from '../../../test/payments';
import { ownedRows, payProgram, programOrdersOf, seedTestProgramCatalog } from '../../../test/programs';
import { buildApp } from '../../app';
import { reconcileOrders } from './reconcile-orders';

// Issue 39 point 10, decision 0279: charges approved at Mercado Pago while the process that took
// them died had no access and no invoice until the reconcile job came, ~10 minutes later. Now the
// orders in flight are asked about as a process starts, and every minute after.

// Notifications of one-off payments go to PUBLIC_URL, where nothing listens: they are lost, as
// when the process that should have taken them is dead.
const lost = { PUBLIC_URL: 'http://127.0.0.1:9' };
const t = testAppForFile(() => createPaymentsTestApp(lost), seedTestProgramCatalog);

/** Another process of the same API on the same database and provider, as after a restart. */
async function startAnotherProcess(): Promise<FastifyInstance> {
  const app = await buildApp({
    config: testConfig({
      ...lost,
      MERCADOPAGO_ACCESS_TOKEN: MP.accessToken,
      MERCADOPAGO_PUBLIC_KEY: MP.publicKey,
      MERCADOPAGO_WEBHOOK_SECRET: MP.webhookSecret,
      MERCADOPAGO_BASE_URL: t.emulator.url,
      MERCADOPAGO_MAX_RETRIES: '0',
    }),
    database: t.database,
    logger: false,
  });
  await app.ready();
  return app;
}

describe('orders in flight after a crash (issue 39 point 10, decision 0279)', () => {
  it('are granted by the next process as it starts, with nobody calling the reconciliation', async () => {
    const { buyer, orderId } = await approvedUnheardOn(t.app);
    // the process that took the checkout is gone
    await t.app.close();
    const restarted = await startAnotherProcess();
    try {
      await eventually(async () => {
        expect(await programOrdersOf(restarted, buyer.userId)).toMatchObject([
          { id: orderId, status: 'paid', payments: 1, granted: 1 },
        ]);
      }, 20_000);
      expect(await ownedRows(restarted, buyer.userId, 'prog-abierto')).toBe(1);
      // and its invoice is on its way
      const { rows } = await restarted.db.execute<{ n: number }>(
        sql`select count(*)::int as n from fiscal_documents d join payments p on p.id = d.payment_id where p.order_id = ${orderId} and d.kind = 'invoice'`,
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await restarted.close();
    }
  });
});

describe('the sweep every minute', () => {
  it('asks about an order left open for a minute, not five', async () => {
    const restarted = await startAnotherProcess();
    try {
      const { buyer, orderId } = await approvedUnheardOn(restarted);
      // a fresh order may still hear from the provider: not asked yet
      expect((await reconcileOrders(restarted)).checked).toBe(0);
      await restarted.db.execute(
        sql`update payment_orders set created_at = created_at - interval '61 seconds' where id = ${orderId}`,
      );
      await restarted.db.execute(
        sql`update payments set updated_at = updated_at - interval '61 seconds' where order_id = ${orderId}`,
      );
      expect(await reconcileOrders(restarted)).toMatchObject({ checked: 1, reconciled: 1, failed: 0 });
      expect(await ownedRows(restarted, buyer.userId, 'prog-abierto')).toBe(1);
      // the job behind it runs every minute
      const schedules = await restarted.jobs.instance.getSchedules();
      expect(schedules.find((s) => s.name === 'payments.reconcile')?.cron).toBe('* * * * *');
    } finally {
      await restarted.close();
    }
  });
});

/** A program checkout in review at the provider, then approved there with nobody told. */
async function approvedUnheardOn(app: FastifyInstance) {
  const buyer = await newBuyer(app);
  const res = await payProgram(app, buyer.headers, {
    programId: 'prog-abierto',
    cardTokenId: await cardToken(t.emulator, 'CONT'),
  });
  expect(res.statusCode, res.body).toBe(202);
  const [order] = await programOrdersOf(app, buyer.userId);
  const charge = Object.values(t.emulator.control.state().payments).find(
    (p) => p.external_reference === `program:${order?.id}`,
  );
  t.emulator.control.settlePayment(charge?.id ?? 0, 'approved');
  await settleWebhooks(t.emulator);
  expect(await programOrdersOf(app, buyer.userId)).toMatchObject([{ status: 'pending', granted: 0 }]);
  return { buyer, orderId: order?.id ?? '' };
}

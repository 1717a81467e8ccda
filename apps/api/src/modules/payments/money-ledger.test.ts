import type { AccountPayment } from '@alcancia/contract';
import type { MemberDetail, Metrics } from '@alcancia/contract/admin';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import { operatorSession } from '../../../test/operators';
import {
  cardToken,
  createPaymentsTestApp,
  MP,
  newBuyer,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../test/payments';
import { payProgram, seedTestProgramCatalog } from '../../../test/programs';
import { argentinaDate } from '../../lib/argentina-date';
import { herLedger, totalsOf } from './money-ledger';

/**
 * Decision 0190: one ledger of money per person. After a charge, a partial refund, a withdrawal and
 * a refund made at the provider without us, her figures are the same in Mi cuenta, the back
 * office's member page, the dashboard and the ledger itself.
 */
const t = testAppForFile(createPaymentsTestApp, async (app) => {
  await seedTestProgramCatalog(app);
  await seedTestPlans(app);
});

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

describe('one ledger of money per person', () => {
  it('Mi cuenta, the member page, the dashboard and the ledger agree after a charge, a partial refund, a withdrawal and a provider refund', async () => {
    const buyer = await newBuyer(t.app);
    // a program (45.000) and a monthly subscription, by card
    const paid = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const subscribed = await subscribe(t.app, buyer, {
      subscriptionPlanName: 'basico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: await cardToken(t.emulator),
    });
    expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
    await settleWebhooks(t.emulator);

    const mine = async () =>
      (
        (
          await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers })
        ).json() as {
          payments: AccountPayment[];
        }
      ).payments;
    const before = await mine();
    const program = before.find((p) => p.kind === 'program');
    const subscription = before.find((p) => p.kind === 'subscription');
    if (!program || !subscription) throw new Error(`payments: ${JSON.stringify(before)}`);

    // an operator's partial refund of the program (10.000)
    const support = await operatorSession(t.app, 'support');
    const partial = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${program.id}/refunds`,
      headers: support.headers,
      payload: { amount: 1_000_000, reason: 'Descuento acordado' },
    });
    expect(partial.statusCode, partial.body).toBe(200);
    // her withdrawal of the subscription's charge (botón de arrepentimiento)
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      headers: buyer.headers,
      payload: { paymentId: subscription.id },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
    // 5.000 of the program refunded at the provider's own panel; its notice syncs the payment
    const panel = await fetch(`${t.emulator.url}/v1/payments/${program.providerPaymentId}/refunds`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${MP.accessToken}`,
        'content-type': 'application/json',
        'x-idempotency-key': `panel-${program.providerPaymentId}`,
      },
      body: JSON.stringify({ amount: 5000 }),
    });
    expect(panel.status, await panel.text()).toBeLessThan(300);
    await fetch(`${t.emulator.url}/_control/payments/${program.providerPaymentId}/replay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    await settleWebhooks(t.emulator);

    // the ledger: two charges; refunds of 10.000 (operator), 5.000 (provider) and the withdrawal
    const ledger = await herLedger(t.app.db, buyer.userId);
    const totals = totalsOf(ledger);
    expect(totals.charges).toBe(2);
    expect(totals.charged.total).toBe(program.amount + subscription.amount);
    expect(totals.refundedBy).toEqual({
      operator: 1_000_000,
      provider: 500_000,
      withdrawal: subscription.amount,
    });
    for (const m of ledger) expect(m.providerPaymentId).toMatch(/\S/);

    // Mi cuenta
    const after = await mine();
    const approved = after.filter((p) => p.status !== 'rejected' && p.status !== 'pending');
    expect(sum(approved.map((p) => p.amount))).toBe(totals.charged.total);
    expect(sum(after.map((p) => p.refundedAmount))).toBe(totals.refunded);
    expect(after.find((p) => p.id === program.id)).toMatchObject({
      refundedAmount: 1_500_000,
      status: 'partially_refunded',
    });

    // the back office's member page
    const member = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/members/${buyer.userId}`,
        headers: support.headers,
      })
    ).json() as MemberDetail;
    const approvedThere = member.payments.filter((p) => p.approvedAt !== null);
    expect(sum(approvedThere.map((p) => p.amount))).toBe(totals.charged.total);
    expect(sum(member.payments.map((p) => p.refundedAmount))).toBe(totals.refunded);
    for (const p of after) {
      expect(member.payments.find((m) => m.id === p.id)).toMatchObject({
        amount: p.amount,
        refundedAmount: p.refundedAmount,
        providerPaymentId: p.providerPaymentId,
      });
    }
    // the refunds we asked for are listed one by one, with the provider's ids
    expect(
      member.refunds
        .filter((r) => r.status === 'SUCCESS')
        .map((r) => [r.reason, r.amount])
        .sort(),
    ).toEqual(
      [
        ['operator', 1_000_000],
        ['withdrawal', subscription.amount],
      ].sort(),
    );

    // the dashboard, for today (she is the only person with money in this database)
    const admin = await operatorSession(t.app, 'admin');
    const today = argentinaDate();
    const metrics = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/metrics?from=${today}&to=${today}`,
        headers: admin.headers,
      })
    ).json() as Metrics;
    expect(metrics.revenue.total).toBe(totals.charged.total);
    expect(metrics.revenue.programs).toBe(program.amount);
    expect(metrics.revenue.subscriptions).toBe(subscription.amount);
    expect(metrics.refunds).toEqual({ count: 3, amount: totals.refunded });
  });
});

import type { AccountPayment } from '@alcancia/contract';
import type { AdminRefundResponse, AuditLogPage, PaymentsAttention } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorSession } from '../../../../test/operators';
import { type Buyer, ordersOf } from '../../../../test/payments';
import { ownedRows, programOrdersOf } from '../../../../test/programs';
import { paymentRefunds, users } from '../../../db/schema';
import {
  adminTestApp,
  auditEntries,
  programPaidBuyer,
  subscribedBuyer,
  viewerStatus,
} from '../core/admin-test-setup';

const t = adminTestApp();

async function paymentsOf(buyer: Buyer): Promise<AccountPayment[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers });
  return (res.json() as { payments: AccountPayment[] }).payments;
}

/** A buyer who just paid prog-abierto (45.000) by card, and the payment as she sees it. */
async function programBuyer() {
  const buyer = await programPaidBuyer(t);
  const [payment] = await paymentsOf(buyer);
  if (!payment) throw new Error('no payment listed');
  return { buyer, payment };
}

const providerPayment = (id: string) => t.emulator.control.state().payments[id];
const auditOf = (action: string, targetId: string) => auditEntries(t, action, targetId);

const refund = (
  headers: Record<string, string>,
  paymentId: string,
  payload: { amount?: number; endAccess?: boolean; reason?: string } = {},
  key?: string,
) =>
  t.app.inject({
    method: 'POST',
    url: `/api/admin/payments/${paymentId}/refunds`,
    headers,
    payload: { ...payload, ...(key ? { idempotencyKey: key } : {}) },
  });

describe('refunds through the provider (POST /api/admin/payments/{id}/refunds)', () => {
  it('a full refund goes through the SDK to the emulator, ends her access, mails her, and is audited', async () => {
    const support = await operatorSession(t.app, 'support');
    const { buyer, payment } = await programBuyer();
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);
    expect(await viewerStatus(t, buyer, 'prog-abierto')).toBe(200);

    const res = await refund(support.headers, payment.id, { reason: 'Se arrepintió a los dos días' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AdminRefundResponse;
    expect(body).toMatchObject({
      accessEnded: true,
      replayed: false,
      refund: { status: 'SUCCESS', amount: payment.amount, reason: 'operator' },
      payment: { refundedAmount: payment.amount, refundableAmount: 0, orderStatus: 'refunded' },
    });
    // the provider's record: refunded in full, once
    const atProvider = providerPayment(payment.providerPaymentId);
    expect(atProvider?.refunds).toHaveLength(1);
    expect(atProvider?.status).toBe('refunded');
    // her access ended, on this process at once (the purchases trigger tells every viewer cache)
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(0);
    expect(await viewerStatus(t, buyer, 'prog-abierto')).toBe(403);
    expect((await programOrdersOf(t.app, buyer.userId))[0]?.status).toBe('refunded');
    // she is told, and she sees it in Mi cuenta
    const mails = (
      await t.app.inject({ method: 'GET', url: `/api/dev/mailbox?to=${encodeURIComponent(buyer.email)}` })
    ).json() as { subject: string }[];
    expect(mails.map((m) => m.subject)).toContain('Te devolvimos un pago');
    expect((await paymentsOf(buyer))[0]?.status).toBe('refunded');

    const [entry] = await auditOf('payment.refund', payment.id);
    expect(entry).toMatchObject({
      actorId: support.operator.userId,
      actorRole: 'support',
      after: {
        amount: payment.amount,
        endAccess: true,
        accessEnded: true,
        reason: 'Se arrepintió a los dos días',
      },
    });
    // the log names her (for its sentence "Soporte devolvió $ … a Ana Pérez — motivo: …", issue 29)
    const admin = await operatorSession(t.app, 'admin');
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?action=payment.refund&targetId=${payment.id}`,
      headers: admin.headers,
    });
    const [her] = await t.app.db.select({ name: users.name }).from(users).where(eq(users.id, buyer.userId));
    expect((log.json() as AuditLogPage).items).toEqual([
      expect.objectContaining({
        targetName: her?.name,
        after: expect.objectContaining({ reason: 'Se arrepintió a los dos días' }),
      }),
    ]);
    // a second refund of the same payment: nothing is left
    const again = await refund(support.headers, payment.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().internalCode).toBe('ALREADY_REFUNDED');
    expect(providerPayment(payment.providerPaymentId)?.refunds).toHaveLength(1);
  });

  it('once, even when clicked twice at the same time (with or without the idempotency key)', async () => {
    const support = await operatorSession(t.app, 'support');
    const first = await programBuyer();
    const key = `clic-${Date.now()}`;
    const [a, b] = await Promise.all([
      refund(support.headers, first.payment.id, {}, key),
      refund(support.headers, first.payment.id, {}, key),
    ]);
    expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([200, 200]);
    expect([a.json().replayed, b.json().replayed].sort()).toEqual([false, true]);
    expect(a.json().refund.id).toBe(b.json().refund.id);
    expect(providerPayment(first.payment.providerPaymentId)?.refunds).toHaveLength(1);
    expect(await auditOf('payment.refund', first.payment.id)).toHaveLength(1);

    const second = await programBuyer();
    const answers = await Promise.all([
      refund(support.headers, second.payment.id),
      refund(support.headers, second.payment.id),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(providerPayment(second.payment.providerPaymentId)?.refunds).toHaveLength(1);
  });

  it('a partial refund keeps the access; more than what is left is refused in Spanish', async () => {
    const admin = await operatorSession(t.app, 'admin');
    const { buyer, payment } = await programBuyer();
    const part = await refund(admin.headers, payment.id, { amount: 1_000_000 });
    expect(part.statusCode, part.body).toBe(200);
    expect(part.json()).toMatchObject({
      accessEnded: false,
      refund: { status: 'SUCCESS', amount: 1_000_000 },
      payment: {
        refundedAmount: 1_000_000,
        refundableAmount: payment.amount - 1_000_000,
        orderStatus: 'paid',
      },
    });
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(1);
    const tooMuch = await refund(admin.headers, payment.id, { amount: payment.amount });
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().fields[0].message).toMatch(/^Se puede devolver hasta \$/);
    const atProvider = providerPayment(payment.providerPaymentId);
    expect(atProvider?.refunds).toHaveLength(1);
    expect(atProvider?.transaction_amount_refunded).toBe(10_000);
  });

  it('editors may not refund; a refused refund waits, is listed, and an operator retries it', async () => {
    const editor = await operatorSession(t.app, 'editor');
    const support = await operatorSession(t.app, 'support');
    const { payment } = await programBuyer();
    const refused = await refund(editor.headers, payment.id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().internalCode).toBe('FORBIDDEN');

    t.emulator.control.failNextRefund(1);
    const res = await refund(support.headers, payment.id, { endAccess: false });
    expect(res.statusCode, res.body).toBe(200);
    const pending = res.json() as AdminRefundResponse;
    expect(pending.refund.status).toBe('PENDING');
    expect(pending.payment.refundableAmount).toBe(0);
    const attentionRes = await t.app.inject({
      method: 'GET',
      url: '/api/admin/payments/attention',
      headers: support.headers,
    });
    expect(attentionRes.statusCode, attentionRes.body).toBe(200);
    const attention = attentionRes.json() as PaymentsAttention;
    expect(attention.pendingRefunds.map((r) => r.id)).toContain(pending.refund.id);

    // within its lease it is not tried twice at once
    const tooSoon = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${pending.refund.id}/retry`,
      headers: support.headers,
    });
    expect(tooSoon.statusCode).toBe(409);
    // given up after its last try: FAILED, listed for operators; a retry succeeds
    await t.app.db
      .update(paymentRefunds)
      .set({ status: 'FAILED', updatedAt: sql`now() - interval '1 hour'`, nextAttemptAt: null })
      .where(eq(paymentRefunds.id, Number(pending.refund.id)));
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/admin/payments/attention', headers: support.headers })
    ).json() as PaymentsAttention;
    expect(listed.failedRefunds.map((r) => r.id)).toContain(pending.refund.id);
    const retried = await t.app.inject({
      method: 'POST',
      url: `/api/admin/refunds/${pending.refund.id}/retry`,
      headers: support.headers,
    });
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json().refund.status).toBe('SUCCESS');
    expect(providerPayment(payment.providerPaymentId)?.refunds).toHaveLength(1);
    expect(await auditOf('refund.retry', pending.refund.id)).toHaveLength(1);
  });

  it('a subscription refunded in full: the agreement is cancelled at the provider and her access ends', async () => {
    const support = await operatorSession(t.app, 'support');
    const buyer = await subscribedBuyer(t);
    const [charge] = await paymentsOf(buyer);
    if (!charge) throw new Error('no charge');
    const res = await refund(support.headers, charge.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().accessEnded).toBe(true);
    const [order] = await ordersOf(t.app, buyer.userId);
    expect(order?.status).toBe('refunded');
    const preapproval = t.emulator.control.state().preapprovals[order?.provider_preapproval_id ?? ''];
    expect(preapproval?.resource.status).toBe('cancelled');
    const me = (await t.app.inject({ method: 'GET', url: '/api/users', headers: buyer.headers })).json();
    expect(me.subscriptionEndDate < new Date().toISOString().slice(0, 10)).toBe(true);
  });

  it('payments are found by the operation number and the member e-mail; an order is asked about again', async () => {
    const support = await operatorSession(t.app, 'support');
    const { buyer, payment } = await programBuyer();
    const byOperation = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payments?search=${payment.providerPaymentId}`,
      headers: support.headers,
    });
    expect(byOperation.json().payments.map((p: { id: string }) => p.id)).toEqual([payment.id]);
    const byEmail = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payments?search=${encodeURIComponent(buyer.email)}`,
      headers: support.headers,
    });
    expect(byEmail.json().payments).toHaveLength(1);
    const [order] = await programOrdersOf(t.app, buyer.userId);
    const reconciledAt = async () => {
      const { rows } = await t.app.db.execute<{ at: string | null }>(
        sql`select reconciled_at::text as at from payment_orders where id = ${order?.id ?? ''}`,
      );
      return rows[0]?.at ?? null;
    };
    const untouched = await reconciledAt();
    // An audit entry that cannot be written: the sync's own mark is not kept either.
    await t.app.db.execute(sql`
      create function test_refuse_sync() returns trigger language plpgsql as $$
      begin raise exception 'refused by the test'; end $$`);
    await t.app.db.execute(sql`
      create trigger test_refuse_sync before insert on audit_log for each row
      when (new.action = 'order.sync') execute function test_refuse_sync()`);
    try {
      const refused = await t.app.inject({
        method: 'POST',
        url: `/api/admin/orders/${order?.id}/sync`,
        headers: support.headers,
      });
      expect(refused.statusCode).toBe(500);
      expect(await reconciledAt()).toBe(untouched);
    } finally {
      await t.app.db.execute(sql`drop trigger test_refuse_sync on audit_log`);
      await t.app.db.execute(sql`drop function test_refuse_sync()`);
    }
    const synced = await t.app.inject({
      method: 'POST',
      url: `/api/admin/orders/${order?.id}/sync`,
      headers: support.headers,
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json()).toMatchObject({
      status: 'paid',
      message: 'El proveedor no tiene novedades: la orden sigue pagada.',
    });
    expect(await auditOf('order.sync', order?.id ?? '')).toHaveLength(1);
    expect(await reconciledAt()).not.toBe(untouched);
  });
});

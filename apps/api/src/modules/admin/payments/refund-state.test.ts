import type { AccountPayment } from '@alcancia/contract';
import type { AdminPaymentList, AdminRefundResponse, MemberDetail } from '@alcancia/contract/admin';
import { describe, expect, it } from 'vitest';
import { operatorSession } from '../../../../test/operators';
import { claimDueMails, enqueueMail, markFailedAttempt } from '../../../providers/mail/outbox';
import { adminTestApp, auditEntries, programPaidBuyer } from '../core/admin-test-setup';

// Issue 39 point 8: the back office says what became of a refund from one source — the payment's
// refund state (payments/money-ledger.ts refundStateOf), the reason the operator typed, an audit
// entry whose before and after name the same facts, and a mail's real sending state.

const t = adminTestApp();

async function paidProgram() {
  const buyer = await programPaidBuyer(t);
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers });
  const [payment] = (res.json() as { payments: AccountPayment[] }).payments;
  if (!payment) throw new Error('no payment listed');
  return { buyer, payment };
}

describe('a refund as the back office shows it', () => {
  it('a full refund reads refunded (not in part), with the typed reason, and an audit after with values', async () => {
    const support = await operatorSession(t.app, 'support');
    const { buyer, payment } = await paidProgram();
    const reason = 'Lo pidió por teléfono: no era lo que buscaba';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/payments/${payment.id}/refunds`,
      headers: support.headers,
      payload: { reason },
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as AdminRefundResponse;
    expect(body.refund).toMatchObject({ status: 'SUCCESS', reason: 'operator', note: reason });
    expect(body.payment).toMatchObject({ refundedAmount: payment.amount, refundState: 'refunded' });

    // the payments list and her member page say the same
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/payments?search=${encodeURIComponent(buyer.email)}`,
      headers: support.headers,
    });
    expect((list.json() as AdminPaymentList).payments[0]).toMatchObject({ refundState: 'refunded' });
    const member = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/members/${buyer.userId}`,
        headers: support.headers,
      })
    ).json() as MemberDetail;
    expect(member.payments[0]).toMatchObject({ refundState: 'refunded' });
    expect(member.refunds[0]).toMatchObject({ note: reason });

    // the audit entry: every fact before has its value after
    const [entry] = await auditEntries(t, 'payment.refund', payment.id);
    const before = entry?.before as Record<string, unknown>;
    const after = entry?.after as Record<string, unknown>;
    for (const key of Object.keys(before)) expect(after[key], key).not.toBeUndefined();
    expect(before).toMatchObject({ refundState: 'not_refunded', orderStatus: 'paid' });
    expect(after).toMatchObject({
      refundState: 'refund_in_progress',
      orderStatus: 'refunded',
      refundAmount: payment.amount,
      reason,
    });
  });

  it('a mail being sent for the first time, or delivered, has no failed attempt; a mail after an SMTP error has', async () => {
    const support = await operatorSession(t.app, 'support');
    const { buyer } = await paidProgram();
    await t.app.mail.flush();
    await enqueueMail(t.app.db, { to: buyer.email, subject: 'En camino', text: 'x', html: '<p>x</p>' });
    // the sender claimed it (attempts 1) and has not answered yet
    const claimed = await claimDueMails(t.app.db, 10);
    expect(claimed.map((m) => m.subject)).toContain('En camino');
    const member = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/members/${buyer.userId}`,
        headers: support.headers,
      })
    ).json() as MemberDetail;
    const mails = member.mails;
    expect(mails.find((m) => m.subject === 'En camino')).toMatchObject({
      status: 'pending',
      attempts: 1,
      failedAttempts: 0,
    });
    for (const sent of mails.filter((m) => m.status === 'sent')) expect(sent.failedAttempts).toBe(0);

    const mail = claimed.find((m) => m.subject === 'En camino');
    if (!mail) throw new Error('not claimed');
    await markFailedAttempt(t.app.db, mail, 'SMTP 421');
    const later = (
      await t.app.inject({
        method: 'GET',
        url: `/api/admin/members/${buyer.userId}`,
        headers: support.headers,
      })
    ).json() as MemberDetail;
    expect(later.mails.find((m) => m.subject === 'En camino')).toMatchObject({
      status: 'pending',
      failedAttempts: 1,
    });
  });
});

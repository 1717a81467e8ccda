import type { AccountPayment } from '@alcancia/contract';
import type { OperatorRole } from '@alcancia/contract/admin';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { operatorLogin, operatorSession } from '../../../../test/operators';
import { cardToken, settleWebhooks, subscribe } from '../../../../test/payments';
import { ownedRows } from '../../../../test/programs';
import { auditLog, paymentOrders, users } from '../../../db/schema';
import { newTotpSecret } from '../../auth/operator-totp';
import { secretBoxFor } from '../../auth/totp-secrets';
import { adminTestApp, programPaidBuyer } from './admin-test-setup';

const t = adminTestApp();

/**
 * A member who paid prog-abierto and subscribed to Básico, then made an operator of `role`: her
 * operator session, and what support could act on in her account.
 */
async function operatorWhoIsAMember(role: OperatorRole) {
  const buyer = await programPaidBuyer(t);
  const subscribed = await subscribe(t.app, buyer, {
    subscriptionPlanName: 'basico',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator),
  });
  expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
  await settleWebhooks(t.emulator);
  const secret = newTotpSecret();
  await t.app.db
    .update(users)
    .set({ role, totpSecret: secretBoxFor(t.app.config).seal(secret), totpEnabledAt: new Date() })
    .where(eq(users.id, buyer.userId));
  const { accessToken } = await operatorLogin(t.app, { userId: buyer.userId, email: buyer.email, secret });
  const payments = (
    await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers })
  ).json() as { payments: AccountPayment[] };
  const programPayment = payments.payments.find((p) => p.kind === 'program');
  if (!programPayment) throw new Error('no program payment listed');
  const [order] = await t.app.db
    .select({ id: paymentOrders.id })
    .from(paymentOrders)
    .where(eq(paymentOrders.userId, buyer.userId));
  if (!order) throw new Error('no order');
  return {
    userId: buyer.userId,
    headers: { authorization: `Bearer ${accessToken}` },
    paymentId: programPayment.id,
    orderId: order.id,
  };
}

const post = (headers: Record<string, string>, url: string, payload: object = {}) =>
  t.app.inject({ method: 'POST', url, headers, payload });

describe('no operator acts on her own account (issue 29, decision 0112)', () => {
  // a program payment, a subscription and a dozen admin requests: slower on a busy machine
  it("every member action on her own account is refused with a Spanish 403, nothing changes, and a colleague's goes through", {
    timeout: 60_000,
  }, async () => {
    const me = await operatorWhoIsAMember('admin');
    const members = `/api/admin/members/${me.userId}`;
    const actions: [string, object?][] = [
      [`${members}/products`, { productId: 'prog-una-cuota', reason: 'Me lo regalo' }],
      [`${members}/products/prog-abierto/revoke`, { reason: 'Prueba' }],
      [`${members}/subscription/cancel`, { reason: 'Prueba' }],
      [`${members}/sessions/end`],
      [`${members}/validation-mail`],
      [`/api/admin/payments/${me.paymentId}/refunds`, { amount: 1000 }],
      [`/api/admin/orders/${me.orderId}/sync`],
    ];
    for (const [url, payload] of actions) {
      const res = await post(me.headers, url, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({
        internalCode: 'OWN_ACCOUNT',
        message: 'Es tu propia cuenta: no podés hacer esto sobre ella. Pedíselo a otra operadora del equipo.',
      });
    }
    // nothing happened: no grant, the program and the subscription are still hers, nothing audited
    expect(await ownedRows(t.app, me.userId, 'prog-una-cuota')).toBe(0);
    expect(await ownedRows(t.app, me.userId, 'prog-abierto')).toBe(1);
    const still = (await t.app.inject({ method: 'GET', url: members, headers: me.headers })).json();
    expect(still.subscription).toMatchObject({ status: 'active' });
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.actorId, me.userId))).toEqual([]);
    // she may still read her own member page (nothing there changes anything)
    expect((await t.app.inject({ method: 'GET', url: members, headers: me.headers })).statusCode).toBe(200);

    // a colleague does it, and the audit log says who
    const colleague = await operatorSession(t.app, 'support');
    const refunded = await post(colleague.headers, `/api/admin/payments/${me.paymentId}/refunds`, {
      amount: 1000,
      endAccess: false,
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const refundId = (refunded.json() as { refund: { id: number } }).refund.id;
    // and retrying a refund to herself is hers to leave alone too
    const retry = await post(me.headers, `/api/admin/refunds/${refundId}/retry`);
    expect(retry.statusCode).toBe(403);
    expect(retry.json().internalCode).toBe('OWN_ACCOUNT');
    const granted = await post(colleague.headers, `${members}/products`, {
      productId: 'prog-una-cuota',
      reason: 'Cortesía aprobada',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(await ownedRows(t.app, me.userId, 'prog-una-cuota')).toBe(1);
  });
});

describe('ids are canonical at the door (issue 40)', () => {
  it('her own id in upper case is still her own account: each member action is refused; a colleague’s entry keeps the canonical id and her name', {
    timeout: 60_000,
  }, async () => {
    const me = await operatorWhoIsAMember('support');
    const upper = me.userId.toUpperCase();
    expect(upper).not.toBe(me.userId);
    const members = `/api/admin/members/${upper}`;
    const actions: [string, object?][] = [
      [`${members}/products`, { productId: 'prog-una-cuota', reason: 'Me lo regalo' }],
      [`${members}/products/prog-abierto/revoke`, { reason: 'Prueba' }],
      [`${members}/sessions/end`],
      [`${members}/validation-mail`],
      [`${members}/subscription/cancel`, { reason: 'Prueba' }],
    ];
    for (const [url, payload] of actions) {
      const res = await post(me.headers, url, payload);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(403);
      expect(res.json()).toEqual({
        internalCode: 'OWN_ACCOUNT',
        message: 'Es tu propia cuenta: no podés hacer esto sobre ella. Pedíselo a otra operadora del equipo.',
      });
    }
    expect(await ownedRows(t.app, me.userId, 'prog-una-cuota')).toBe(0);
    expect(await ownedRows(t.app, me.userId, 'prog-abierto')).toBe(1);
    expect(await t.app.db.select().from(auditLog).where(eq(auditLog.actorId, me.userId))).toEqual([]);

    // a colleague who types the address in upper case acts on the same member, and the audit log
    // keeps the id as the database writes it, so the entry reads with her name
    const colleague = await operatorSession(t.app, 'admin');
    const granted = await post(colleague.headers, `${members}/products`, {
      productId: 'prog-una-cuota',
      reason: 'Cortesía aprobada',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    const [entry] = await t.app.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorId, colleague.operator.userId));
    expect(entry).toMatchObject({
      action: 'member.product_grant',
      targetType: 'member',
      targetId: me.userId,
    });
    const [member] = await t.app.db.select({ name: users.name }).from(users).where(eq(users.id, me.userId));
    const log = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?targetId=${me.userId}`,
      headers: colleague.headers,
    });
    expect(log.statusCode, log.body).toBe(200);
    expect(log.json().items).toEqual([
      expect.objectContaining({
        action: 'member.product_grant',
        targetId: me.userId,
        targetName: member?.name,
      }),
    ]);
    // the log finds her entries by her id in any letter case
    const upperLog = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit-log?targetId=${upper}`,
      headers: colleague.headers,
    });
    expect(upperLog.json().items).toHaveLength(1);
    // her page answers under either spelling, with the canonical id
    const page = await t.app.inject({ method: 'GET', url: members, headers: colleague.headers });
    expect(page.json().profile.id).toBe(me.userId);
  });
});

import type { AccountAccess } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { goodPassword } from '../../../test/accounts';
import { testAppForFile } from '../../../test/helpers';
import {
  type Buyer,
  buyGuestTier,
  createPaymentsTestApp,
  newBuyer,
  storedSubscription,
  subscribeByCard,
  verifiedBuyer,
} from '../../../test/payments';
import { entitlements } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';
import { seedDemoSubscriptions } from './seed-demo-subscriptions';

// Mi cuenta › Cobros y accesos (issue 27, decision 0093) and the end of her grants with her account (0094).
const t = testAppForFile(createPaymentsTestApp, async (app) => {
  await seedDemoSubscriptions(app.db);
});

async function herAccess(buyer: Buyer): Promise<AccountAccess> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/access', headers: buyer.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as AccountAccess;
}

const today = () => argentinaDate();

describe('GET /api/users/me/access (issue 27: Mi cuenta shows every agreement and every grant)', () => {
  it('a guest membership on top of a card subscription: both listed, the card agreement keeps its actions', async () => {
    const buyer = await verifiedBuyer(t.app);
    const card = await subscribeByCard(t, buyer, 'Plan Oro', 'monthly');
    const cardEnd = (await storedSubscription(t.app, buyer.userId))?.endDate ?? '';
    const guest = await buyGuestTier(t, buyer.email, 'PLATINUM');

    const access = await herAccess(buyer);
    expect(access.agreements).toHaveLength(1);
    const [agreement] = access.agreements;
    expect(agreement).toMatchObject({
      id: card.id,
      plan: { id: 'plan-oro' },
      frequency: 'monthly',
      status: 'active',
      amount: card.amountCentavos,
      nextChargeDate: cardEnd,
      paidUntil: cardEnd,
      actions: { cancel: true, changeCard: true },
    });
    expect(agreement?.card?.lastFour).toMatch(/^\d{4}$/);
    expect(agreement?.withdrawablePayment?.kind).toBe('subscription');
    expect(agreement?.withdrawablePayment?.withdrawableUntil).toBe(addToDate(today(), { days: 10 }));

    // her two grants, in the order they run: the card's month, then the membership's months
    expect(access.grants.map((g) => [g.kind, g.origin, g.state])).toEqual([
      ['plan', 'card', 'running'],
      ['plan', 'guest_purchase', 'upcoming'],
    ]);
    expect(access.grants[0]).toMatchObject({ product: { id: 'plan-oro' }, from: today(), until: cardEnd });
    expect(access.grants[1]?.from).toBe(addToDate(cardEnd, { days: 1 }));
    expect(access.grants[1]?.until).toBe((await storedSubscription(t.app, buyer.userId))?.endDate);
    expect(guest.userId).toBe(buyer.userId);

    // cancelling: it no longer charges, it is still listed (paid until its end, withdrawable)
    const cancel = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/subscription/cancel',
      headers: buyer.headers,
    });
    expect(cancel.statusCode).toBe(200);
    const cancelled = (await herAccess(buyer)).agreements[0];
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      nextChargeDate: null,
      paidUntil: cardEnd,
      actions: { cancel: false, changeCard: false },
    });
    expect(cancelled?.cancellationCode).toMatch(/^BAJA-/);

    // withdrawing its payment: the card grant ends (withdrawal), the membership runs from today
    const paymentId = cancelled?.withdrawablePayment?.id;
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      headers: buyer.headers,
      payload: { paymentId },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const after = await herAccess(buyer);
    expect(after.agreements).toEqual([]);
    expect(after.grants.map((g) => [g.origin, g.state, g.endedReason])).toEqual([
      ['guest_purchase', 'running', null],
      ['card', 'ended', 'withdrawal'],
    ]);
    expect(after.grants[0]?.from).toBe(today());
  });

  it('only her own: another member sees none of it', async () => {
    const ana = await verifiedBuyer(t.app);
    await subscribeByCard(t, ana, 'Plan Esencial', 'monthly');
    const bea = await newBuyer(t.app);
    expect(await herAccess(bea)).toEqual({ agreements: [], grants: [] });
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/users/me/access' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('account deletion ends her grants (issue 27, decision 0094)', () => {
  it('every grant she had ends, reason account_deleted, nothing open today', async () => {
    const buyer = await verifiedBuyer(t.app);
    await subscribeByCard(t, buyer, 'Plan Oro', 'monthly');
    await buyGuestTier(t, buyer.email, 'ORO');
    const before = await t.app.db.select().from(entitlements).where(eq(entitlements.userId, buyer.userId));
    expect(before.map((g) => g.state)).toEqual(['active', 'active']);

    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/users/me',
      headers: buyer.headers,
      payload: { password: goodPassword },
    });
    expect(res.statusCode, res.body).toBe(204);

    const after = await t.app.db.select().from(entitlements).where(eq(entitlements.userId, buyer.userId));
    expect(after).toHaveLength(2);
    const yesterday = addToDate(today(), { days: -1 });
    for (const grant of after) {
      expect(grant).toMatchObject({ state: 'ended', endedReason: 'account_deleted' });
      expect(grant.endedAt).not.toBeNull();
      expect(grant.endsOn !== null && grant.endsOn <= yesterday).toBe(true);
    }
  });
});

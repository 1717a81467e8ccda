import { readFileSync } from 'node:fs';
import type { AccountAccess, AccountPayment } from '@alcancia/contract';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testAppForFile } from '../../../test/helpers';
import { operatorSession } from '../../../test/operators';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  settleWebhooks,
} from '../../../test/payments';
import {
  givePurchase,
  ownedRows,
  payProgram,
  purchasesOf,
  seedTestProgramCatalog,
} from '../../../test/programs';
import { entitlements } from '../../db/schema';
import { argentinaDate } from '../../lib/argentina-date';
import { addToDate } from '../../lib/subscription-dates';

// Programs and packs as grants (issue 27, decision 0095); user_purchases stays their cache.
const t = testAppForFile(createPaymentsTestApp, seedTestProgramCatalog);

const programGrantsOf = (userId: string) =>
  t.app.db
    .select()
    .from(entitlements)
    .where(and(eq(entitlements.userId, userId), sql`${entitlements.kind} in ('program', 'pack')`))
    .orderBy(entitlements.id);

async function herAccess(buyer: Buyer): Promise<AccountAccess> {
  const res = await t.app.inject({ method: 'GET', url: '/api/users/me/access', headers: buyer.headers });
  expect(res.statusCode).toBe(200);
  return res.json() as AccountAccess;
}

describe('programs and packs are grants', () => {
  it('a paid program writes its grant beside the purchase; its withdrawal ends both', async () => {
    const buyer = await newBuyer(t.app);
    const paid = await payProgram(t.app, buyer.headers, {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(t.emulator, 'APRO'),
    });
    expect(paid.statusCode).toBe(200);
    await settleWebhooks(t.emulator);

    const [grant] = await programGrantsOf(buyer.userId);
    expect(grant).toMatchObject({
      kind: 'program',
      productId: 'prog-abierto',
      startsOn: argentinaDate(),
      endsOn: null,
      source: 'program_purchase',
      state: 'active',
    });
    expect(grant?.orderId).not.toBeNull();
    expect(grant?.paymentId).not.toBeNull();
    expect((await purchasesOf(t.app, buyer.headers)).programs).toEqual(['prog-abierto']);
    const listed = (await herAccess(buyer)).grants;
    expect(listed).toEqual([
      expect.objectContaining({
        kind: 'program',
        product: { id: 'prog-abierto', name: 'Programa Abierto' },
        origin: 'program_purchase',
        state: 'running',
        until: null,
      }),
    ]);

    const payments = (
      await t.app.inject({ method: 'GET', url: '/api/users/me/payments', headers: buyer.headers })
    ).json() as { payments: AccountPayment[] };
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/users/me/withdrawals',
      headers: buyer.headers,
      payload: { paymentId: payments.payments[0]?.id },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const [ended] = await programGrantsOf(buyer.userId);
    expect(ended).toMatchObject({
      state: 'ended',
      endedReason: 'withdrawal',
      endsOn: addToDate(argentinaDate(), { days: -1 }),
    });
    expect(await ownedRows(t.app, buyer.userId, 'prog-abierto')).toBe(0);
  });

  it('a free code and an operator give grants of their own; the operator taking it away ends it', async () => {
    const buyer = await newBuyer(t.app);
    const activated = await t.app.inject({
      method: 'POST',
      url: '/api/academy/program/prog-abierto/promo-code/PROG-GRATIS/activate',
      headers: buyer.headers,
    });
    expect(activated.statusCode, activated.body).toBe(200);
    const { operator, headers } = await operatorSession(t.app, 'admin');
    const given = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${buyer.userId}/products`,
      headers,
      payload: { productId: 'prog-una-cuota', reason: 'Compensación por un cobro duplicado' },
    });
    expect(given.statusCode, given.body).toBe(200);
    expect((await programGrantsOf(buyer.userId)).map((g) => [g.productId, g.source, g.state])).toEqual([
      ['prog-abierto', 'promo_code', 'active'],
      ['prog-una-cuota', 'operator', 'active'],
    ]);
    expect((await programGrantsOf(buyer.userId))[1]?.operatorId).toBe(operator.userId);

    const revoked = await t.app.inject({
      method: 'POST',
      url: `/api/admin/members/${buyer.userId}/products/prog-una-cuota/revoke`,
      headers,
      payload: { reason: 'Se lo dimos por error' },
    });
    expect(revoked.statusCode, revoked.body).toBe(200);
    const after = await programGrantsOf(buyer.userId);
    expect(after.map((g) => [g.productId, g.state, g.endedReason])).toEqual([
      ['prog-abierto', 'active', null],
      ['prog-una-cuota', 'ended', 'operator'],
    ]);
    // what she can open: the union of her live program grants
    expect((await purchasesOf(t.app, buyer.headers)).programs).toEqual(['prog-abierto']);
  });

  it('migration 0032 turns every owned program or pack into a grant, once', async () => {
    const buyer = await newBuyer(t.app);
    await givePurchase(t.app, buyer.userId, 'programs', 'prog-una-cuota');
    await givePurchase(t.app, buyer.userId, 'packs', 'prog-futuro');
    await t.app.db.execute(
      sql`insert into user_purchases (user_id, product_type, product_id, source)
          values (${buyer.userId}, 'programs', 'prog-cerrado', ${`admin:${buyer.userId}`}),
                 (${buyer.userId}, 'programs', 'prog-abierto', 'promo:PROG-GRATIS')`,
    );
    const migration = readFileSync(
      new URL('../../db/migrations/0032_program_grants.sql', import.meta.url),
      'utf8',
    );
    await t.app.db.execute(sql.raw(migration));
    await t.app.db.execute(sql.raw(migration));

    const grants = await programGrantsOf(buyer.userId);
    expect(grants.map((g) => [g.kind, g.productId, g.source, g.state, g.endsOn])).toEqual([
      ['program', 'prog-una-cuota', 'legacy', 'active', null],
      ['pack', 'prog-futuro', 'legacy', 'active', null],
      ['program', 'prog-cerrado', 'operator', 'active', null],
      ['program', 'prog-abierto', 'promo_code', 'active', null],
    ]);
    expect(grants[2]?.operatorId).toBe(buyer.userId);
    expect(grants.every((g) => g.startsOn === argentinaDate())).toBe(true);
  });
});

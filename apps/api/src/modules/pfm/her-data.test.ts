import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { goodPassword, newSession } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { argentinaDate } from '../../lib/argentina-date';

const t = testAppForFile(() => createTestApp());

const tables = [
  'pfm_accounts',
  'pfm_cards',
  'pfm_movements',
  'pfm_rules',
  'pfm_purchases',
  'pfm_installments',
  'pfm_statement_payments',
];

it('her Mis Cuentas is in her data export and gone with her account; another person keeps hers', async () => {
  const ana = await newSession(t.app);
  const bea = await newSession(t.app);
  const seed = async (headers: Record<string, string>, name: string) => {
    const post = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url: `/api/pfm${url}`, headers, payload });
    const account = (
      await post('/accounts', { name, kind: 'banco', currency: 'ARS', openingBalanceMinor: 1_000_00 })
    ).json();
    await post('/movements', {
      accountId: account.id,
      occurredOn: argentinaDate(),
      description: 'Alquiler',
      amountMinor: -500_00,
      currency: 'ARS',
    });
    await post('/rules', { contains: 'alquiler', category: 'Hogar' });
    const card = (await post('/cards', { name: `Visa de ${name}`, closingDay: 10, dueDay: 20 })).json();
    const bought = await post(`/cards/${card.id}/purchases`, {
      occurredOn: argentinaDate(new Date(Date.now() - 60 * 86_400_000)),
      description: 'Colchón',
      amountMinor: 300_000_00,
      currency: 'ARS',
      installments: 3,
    });
    expect(bought.statusCode, bought.body).toBe(201);
    const closing = bought.json().schedule[0].statementClosing;
    const paid = await post(`/cards/${card.id}/statements/${closing}/payment`, {});
    expect(paid.statusCode, paid.body).toBe(200);
  };
  const anaHeaders = { authorization: `Bearer ${ana.credentials.accessToken}` };
  await seed(anaHeaders, 'Cuenta de Ana');
  await seed({ authorization: `Bearer ${bea.credentials.accessToken}` }, 'Cuenta de Bea');

  const exported = await t.app.inject({ method: 'GET', url: '/api/users/me/export', headers: anaHeaders });
  expect(exported.statusCode, exported.body).toBe(200);
  const rows = exported.json().extras.pfm as { type: string; name?: string; cuotas?: unknown[] }[];
  expect(rows.map((r) => r.type).sort()).toEqual([
    'account',
    'card',
    'movement',
    'purchase',
    'rule',
    'statement_payment',
  ]);
  expect(rows.find((r) => r.type === 'account')?.name).toBe('Cuenta de Ana');
  expect(rows.find((r) => r.type === 'purchase')?.cuotas).toHaveLength(3);
  expect(exported.body).not.toContain('Cuenta de Bea');

  const deleted = await t.app.inject({
    method: 'DELETE',
    url: '/api/users/me',
    headers: anaHeaders,
    payload: { password: goodPassword },
  });
  expect(deleted.statusCode, deleted.body).toBe(204);
  for (const table of tables) {
    const { rows: counts } = await t.app.db.execute<{ ana: number; bea: number }>(
      sql`select count(*) filter (where user_id = ${ana.credentials.userId})::int as ana,
                 count(*) filter (where user_id = ${bea.credentials.userId})::int as bea from ${sql.identifier(table)}`,
    );
    expect(counts[0]?.ana, `${table} of hers`).toBe(0);
    expect(counts[0]?.bea, `${table} of the other`).toBeGreaterThan(0);
  }
});

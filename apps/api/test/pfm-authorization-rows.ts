import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * Mis Cuentas in the authorization matrix (issue 43): the owner's objects, made once, and a row for
 * every /api/pfm route. A route with an id answers another member 404 and changes nothing of hers;
 * a list answers her own (empty) space, never a string of the owner's.
 */

export interface PfmIds {
  accountId: string;
  cardId: string;
  movementId: string;
  ruleId: string;
  /** a statement of her card that closed, with cuotas, not paid */
  closedStatement: string;
}

/** Names only the owner's objects carry (her answers must not reach anyone else). */
export const pfmOwnerStrings = ['Caja de ahorro de Anamatriz', 'Visa de Anamatriz', 'Heladera de Anamatriz'];

const iso = (at: Date) => at.toISOString().slice(0, 10);

/** The owner's Mis Cuentas: an account with a movement, a rule, a card with a purchase in cuotas. */
export async function seedPfmOf(app: FastifyInstance, headers: Record<string, string>): Promise<PfmIds> {
  const call = async (method: 'POST', url: string, payload: object) => {
    const res = await app.inject({ method, url, headers, payload });
    if (res.statusCode !== 201) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
    return res.json() as { id: string; schedule?: { statementClosing: string }[] };
  };
  const account = await call('POST', '/api/pfm/accounts', {
    name: 'Caja de ahorro de Anamatriz',
    kind: 'banco',
    currency: 'ARS',
    openingBalanceMinor: 500_000_00,
  });
  const movement = await call('POST', '/api/pfm/movements', {
    accountId: account.id,
    occurredOn: iso(new Date()),
    description: 'Supermercado de Anamatriz',
    amountMinor: -12_345_00,
    currency: 'ARS',
  });
  const rule = await call('POST', '/api/pfm/rules', { contains: 'farmacia', category: 'Salud' });
  const card = await call('POST', '/api/pfm/cards', { name: 'Visa de Anamatriz', closingDay: 20, dueDay: 5 });
  // bought three months ago in 6 cuotas: its first statements have closed
  const bought = new Date(Date.now() - 95 * 86_400_000);
  const purchase = await call('POST', `/api/pfm/cards/${card.id}/purchases`, {
    occurredOn: iso(bought),
    description: 'Heladera de Anamatriz',
    amountMinor: 900_000_00,
    currency: 'ARS',
    installments: 6,
  });
  const closedStatement = purchase.schedule?.[0]?.statementClosing;
  if (!closedStatement) throw new Error('the purchase has no schedule');
  return {
    accountId: account.id,
    cardId: card.id,
    movementId: movement.id,
    ruleId: rule.id,
    closedStatement,
  };
}

interface PfmRow {
  route: string;
  request: (c: { pfm: PfmIds }) => InjectOptions;
  owner: number[];
  other: number[];
  foreign?: () => string[];
  stored?: (c: { pfm: PfmIds; app: FastifyInstance }) => Promise<string | null>;
}

const get = (url: string) => () => ({ method: 'GET' as const, url });
const count = async (app: FastifyInstance, query: ReturnType<typeof sql>) => {
  const { rows } = await app.db.execute<{ n: number }>(query);
  return Number(rows[0]?.n ?? -1);
};

/** In the order they run; the deletions last. */
export const pfmRows: PfmRow[] = [
  {
    route: 'GET /api/pfm/overview',
    request: get('/api/pfm/overview'),
    owner: [200],
    other: [200],
    foreign: () => pfmOwnerStrings,
  },
  {
    route: 'POST /api/pfm/accounts',
    request: () => ({
      method: 'POST',
      url: '/api/pfm/accounts',
      payload: { name: 'Efectivo', kind: 'efectivo', currency: 'ARS' },
    }),
    owner: [201],
    other: [201],
  },
  {
    route: 'POST /api/pfm/cards',
    request: () => ({
      method: 'POST',
      url: '/api/pfm/cards',
      payload: { name: 'Master', closingDay: 31, dueDay: 10 },
    }),
    owner: [201],
    other: [201],
  },
  {
    route: 'GET /api/pfm/movements',
    request: get('/api/pfm/movements'),
    owner: [200],
    other: [200],
    foreign: () => ['Supermercado de Anamatriz'],
  },
  {
    route: 'POST /api/pfm/movements',
    // into HER account: only she may write there
    request: (c) => ({
      method: 'POST',
      url: '/api/pfm/movements',
      payload: {
        accountId: c.pfm.accountId,
        occurredOn: iso(new Date()),
        description: 'Farmacia del barrio',
        amountMinor: -2_000_00,
        currency: 'ARS',
      },
    }),
    owner: [201],
    other: [404],
    stored: async ({ app, pfm }) => {
      const n = await count(
        app,
        sql`select count(*)::int as n from pfm_movements where account_id = ${pfm.accountId} and description = 'Farmacia del barrio'`,
      );
      return n === 1 ? null : `${n} movements written into her account, expected only her own`;
    },
  },
  {
    route: 'PATCH /api/pfm/movements/{id}',
    request: (c) => ({
      method: 'PATCH',
      url: `/api/pfm/movements/${c.pfm.movementId}`,
      payload: { category: 'Hogar' },
    }),
    owner: [200],
    other: [404],
  },
  {
    route: 'POST /api/pfm/rules',
    request: () => ({
      method: 'POST',
      url: '/api/pfm/rules',
      payload: { contains: 'nafta', category: 'Transporte' },
    }),
    owner: [201],
    other: [201],
  },
  {
    route: 'POST /api/pfm/cards/{id}/purchases',
    request: (c) => ({
      method: 'POST',
      url: `/api/pfm/cards/${c.pfm.cardId}/purchases`,
      payload: {
        occurredOn: iso(new Date()),
        description: 'Zapatillas',
        amountMinor: 90_000_00,
        currency: 'ARS',
        installments: 3,
      },
    }),
    owner: [201],
    other: [404],
    stored: async ({ app, pfm }) => {
      const n = await count(
        app,
        sql`select count(*)::int as n from pfm_purchases where card_id = ${pfm.cardId} and description = 'Zapatillas'`,
      );
      return n === 1 ? null : `${n} purchases on her card, expected only her own`;
    },
  },
  {
    route: 'GET /api/pfm/cards/{id}/statements',
    request: (c) => get(`/api/pfm/cards/${c.pfm.cardId}/statements`)(),
    owner: [200],
    other: [404],
    foreign: () => pfmOwnerStrings,
  },
  {
    route: 'POST /api/pfm/cards/{id}/statements/{closingDate}/payment',
    request: (c) => ({
      method: 'POST',
      url: `/api/pfm/cards/${c.pfm.cardId}/statements/${c.pfm.closedStatement}/payment`,
      payload: { accountId: c.pfm.accountId },
    }),
    owner: [200],
    other: [404],
  },
  { route: 'GET /api/pfm/rates', request: get('/api/pfm/rates'), owner: [200], other: [200] },
  { route: 'GET /api/pfm/totals', request: get('/api/pfm/totals?rate=mep'), owner: [200], other: [200] },
  {
    route: 'POST /api/pfm/calculators/cuotas-o-contado',
    request: () => ({
      method: 'POST',
      url: '/api/pfm/calculators/cuotas-o-contado',
      payload: {
        cashMinor: 100_000_00,
        installments: 6,
        installmentMinor: 18_000_00,
        rateKind: 'inflacion',
        ratePercent: '3',
      },
    }),
    owner: [200],
    other: [200],
  },
  {
    route: 'DELETE /api/pfm/rules/{id}',
    request: (c) => ({ method: 'DELETE', url: `/api/pfm/rules/${c.pfm.ruleId}` }),
    owner: [204],
    other: [404],
  },
  {
    route: 'DELETE /api/pfm/cards/{id}',
    request: (c) => ({ method: 'DELETE', url: `/api/pfm/cards/${c.pfm.cardId}` }),
    owner: [204],
    other: [404],
  },
  {
    route: 'DELETE /api/pfm/accounts/{id}',
    request: (c) => ({ method: 'DELETE', url: `/api/pfm/accounts/${c.pfm.accountId}` }),
    owner: [204],
    other: [404],
  },
];

import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../../apps/api/src/db/client';
import { runMigrations } from '../../apps/api/src/db/migrate';
import { newPglite } from '../../apps/api/src/db/pglite';
import { argentinaDate } from '../../apps/api/src/lib/argentina-date';
import { listMovements } from '../../apps/api/src/modules/pfm/movements';
import { herOverview } from '../../apps/api/src/modules/pfm/overview';
import { addPurchase } from '../../apps/api/src/modules/pfm/purchases';
import { comingStatements } from '../../apps/api/src/modules/pfm/statements';

/**
 * Mis Cuentas' budget (issue 43): her month — 10 accounts, 3 cards with 60 purchases in cuotas,
 * 2 000 movements this month — loads (overview, the month's movements, each card's coming
 * statements: what the page asks for) with p95 ≤ 50 ms, on the embedded PGlite (the demo's
 * database). `npm run mis-cuentas -w bench`.
 */
const rounds = Number(process.env.PFM_BENCH_ROUNDS ?? 200);
const movementsWanted = Number(process.env.PFM_BENCH_MOVEMENTS ?? 2_000);

const p95 = (samples: number[]) => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.95) - 1)] ?? 0;
};
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] ?? 0;

async function main() {
  const database = openDatabase({ kind: 'pglite-instance', client: newPglite() });
  const db = database.db;
  await runMigrations(database);
  const { rows: users } = await db.execute<{ id: string }>(sql`
    insert into users (email, name, origin) values ('bench-pfm@alcancia.local', 'Bench', 'EMAIL') returning id`);
  const userId = users[0]?.id ?? '';
  // another 50 people with the same month, so her reads are scoped, not whole tables
  for (let person = 0; person <= 50; person++) {
    const { rows } =
      person === 0
        ? { rows: [{ id: userId }] }
        : await db.execute<{ id: string }>(
            sql`insert into users (email, name, origin) values (${`bench-pfm-${person}@alcancia.local`}, 'Otra', 'EMAIL') returning id`,
          );
    const owner = rows[0]?.id ?? '';
    await db.execute(sql`
      insert into pfm_accounts (user_id, name, kind, currency, opening_balance_minor)
      select ${owner}, 'Cuenta ' || g, case when g % 4 = 0 then 'dolares' else 'banco' end,
             case when g % 4 = 0 then 'USD' else 'ARS' end, 100000 * g
        from generate_series(1, 10) g`);
    await db.execute(sql`
      insert into pfm_movements (user_id, account_id, occurred_on, description, amount_minor, currency, category)
      select ${owner}, a.id, date_trunc('month', now())::date + (g % 28), 'Movimiento ' || g, -((g * 137) % 500000) - 100,
             a.currency, (array['Supermercado','Servicios','Transporte','Salud','Otros'])[1 + g % 5]
        from generate_series(1, ${movementsWanted}) g
        join lateral (select id, currency from pfm_accounts where user_id = ${owner} order by name offset (g % 10) limit 1) a on true`);
  }
  const cardIds: string[] = [];
  for (const [closingDay, dueDay] of [
    [25, 5],
    [31, 10],
    [3, 15],
  ] as const) {
    const { rows } = await db.execute<{ id: string }>(sql`
      insert into pfm_cards (user_id, name, closing_day, due_day) values (${userId}, ${`Tarjeta ${closingDay}`}, ${closingDay}, ${dueDay}) returning id`);
    cardIds.push(rows[0]?.id ?? '');
  }
  const today = argentinaDate();
  for (let i = 0; i < 60; i++) {
    await addPurchase(db, userId, cardIds[i % 3] ?? '', {
      occurredOn: argentinaDate(new Date(Date.now() - (i % 120) * 86_400_000)),
      description: `Compra ${i}`,
      amountMinor: 10_000_00 + i * 1_234,
      currency: i % 7 === 0 ? 'USD' : 'ARS',
      installments: [1, 3, 6, 12, 18][i % 5] ?? 3,
      annualRatePercent: i % 2 ? '0' : '45',
    });
  }

  const month = today.slice(0, 7);
  const loadHerMonth = () =>
    Promise.all([
      herOverview(db, userId),
      listMovements(db, userId, month),
      ...cardIds.map((cardId) => comingStatements(db, userId, cardId, today)),
    ]);
  const first = await loadHerMonth();
  for (let i = 0; i < 20; i++) await loadHerMonth(); // warm-up: plans
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const started = performance.now();
    await loadHerMonth();
    samples.push(performance.now() - started);
  }
  const parts: Record<string, number> = {};
  for (const [name, run] of [
    ['overview', () => herOverview(db, userId)],
    ['movements', () => listMovements(db, userId, month)],
    ['statements', () => comingStatements(db, userId, cardIds[0] ?? '', today)],
  ] as const) {
    const times: number[] = [];
    for (let i = 0; i < 30; i++) {
      const started = performance.now();
      await run();
      times.push(performance.now() - started);
    }
    parts[name] = Number(median(times).toFixed(1));
  }
  const figures = {
    accounts: first[0].accounts.length,
    cards: first[0].cards.length,
    movementsThisMonth: first[1].movements.length,
    rounds,
    medianMs: Number(median(samples).toFixed(1)),
    p95Ms: Number(p95(samples).toFixed(1)),
    budgetMs: 50,
    medianMsByRead: parts,
  };
  // biome-ignore lint/suspicious/noConsole: the bench's report
  console.log(JSON.stringify(figures, null, 2));
  await database.close();
  if (figures.p95Ms > figures.budgetMs) process.exitCode = 1;
}

void main();

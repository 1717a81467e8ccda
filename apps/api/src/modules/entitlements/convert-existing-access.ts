import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { migrationsDir } from '../../db/paths';
import type { Db } from '../../db/transaction';
import { argentinaDate } from '../../lib/argentina-date';
import { type PlanAccess, type PlanGrant, planAccessOf } from './plan-access';

/**
 * The migrations that turn the accounts' columns into grants: 0026 (plans, decision 0090), 0032
 * (programs and packs, decision 0095) and 0033 (what those two got wrong: a 'card' grant with no
 * agreement, and live grants of deleted accounts).
 */
export const conversionMigrations = ['0026_entitlements', '0032_program_grants', '0033_conversion_fixes'];

/**
 * The statements of those migrations that write grants (their INSERT and UPDATE of
 * "entitlements"), exactly as the files hold them, for running the conversion again on a copy of
 * a database whose grants were emptied (the bench's 100 k users, the demo).
 */
export function conversionStatements(): string[] {
  return conversionMigrations.flatMap((tag) =>
    readFileSync(path.join(migrationsDir, `${tag}.sql`), 'utf8')
      .split('--> statement-breakpoint')
      .map((statement) => statement.trim())
      .filter((statement) =>
        /^(--[^\n]*\n\s*)*(INSERT INTO|UPDATE) "entitlements"/.test(statement.replace(/\r/g, '')),
      ),
  );
}

/** Runs the conversion in the caller's transaction: her grants from her account's columns. */
export async function runConversion(tx: Db): Promise<void> {
  for (const statement of conversionStatements()) await tx.execute(sql.raw(statement));
}

/** One account whose access from grants differs from what its columns said. */
export interface ConversionMismatch {
  userId: string;
  columns: PlanAccess | null;
  grants: PlanAccess | null;
}

/** What `checkConvertedAccess` found: every figure over the whole database. */
export interface ConversionCheck {
  users: number;
  /** accounts (not deleted) whose columns had an end date */
  withPlan: number;
  /** accounts whose access computed from grants equals their columns (end date, plan, origin) */
  equal: number;
  mismatches: number;
  /** the first few mismatches, for the message */
  examples: ConversionMismatch[];
  planGrants: number;
  /** program and pack rows of user_purchases (accounts not deleted), and those without a live grant */
  productRows: number;
  productRowsWithoutGrant: number;
  /** live program and pack grants with no user_purchases row (accounts not deleted) */
  productGrantsWithoutRow: number;
  /** live grants of deleted accounts (decision 0094: none) */
  deletedWithLiveGrants: number;
  /** plan grants named 'card' with no agreement (0033 makes them 'legacy') */
  cardGrantsWithoutOrder: number;
  /** grants by kind and source, e.g. "plan/card" → 12 */
  bySource: Record<string, number>;
}

type Row = Record<string, unknown>;
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => (await db.execute<Row>(query)).rows;
const text = (value: unknown) => (value === null || value === undefined ? null : String(value));

/**
 * For every account, her plan access as the entitlements module computes it from her grants
 * (planAccessOf, the read recomputeAccess caches) against what her columns said: end date, plan
 * and origin; null for an account with no end date or deleted (a deleted account has no access).
 * And every program or pack row of user_purchases against her live product grants. Reads every
 * account in one pass (the bench's 100 k users in a few queries).
 */
export async function checkConvertedAccess(db: Db, today = argentinaDate()): Promise<ConversionCheck> {
  const users = await rowsOf(
    db,
    sql`select id::text as id, to_char(subscription_end_date, 'YYYY-MM-DD') as end_date,
               subscription_plan_id as plan_id, last_service_origin as origin, deleted_at is not null as deleted
          from users`,
  );
  const grantRows = await rowsOf(
    db,
    sql`select e.id::int as id, e.user_id::text as user_id, e.plan_id,
               coalesce(p.weight, e.weight, 0)::int as weight,
               to_char(e.starts_on, 'YYYY-MM-DD') as starts_on, to_char(e.ends_on, 'YYYY-MM-DD') as ends_on,
               e.queued, e.length_months, e.length_days, e.origin, e.state
          from entitlements e left join subscription_plans p on p.id = e.plan_id
         where e.kind = 'plan'
         order by e.user_id, e.id`,
  );
  const grantsByUser = new Map<string, PlanGrant[]>();
  for (const r of grantRows) {
    const userId = String(r.user_id);
    const startsOn = String(r.starts_on);
    const list = grantsByUser.get(userId) ?? [];
    list.push({
      id: Number(r.id),
      planId: text(r.plan_id),
      weight: Number(r.weight),
      startsOn,
      endsOn: text(r.ends_on) ?? startsOn,
      queued: Boolean(r.queued),
      lengthMonths: Number(r.length_months),
      lengthDays: Number(r.length_days),
      origin: text(r.origin),
      state: r.state === 'ended' ? 'ended' : 'active',
    });
    grantsByUser.set(userId, list);
  }

  let withPlan = 0;
  let equal = 0;
  const mismatched: ConversionMismatch[] = [];
  for (const user of users) {
    const userId = String(user.id);
    const endDate = text(user.end_date);
    const columns: PlanAccess | null =
      endDate && !user.deleted ? { endDate, planId: text(user.plan_id), origin: text(user.origin) } : null;
    if (columns) withPlan++;
    const computed = planAccessOf(grantsByUser.get(userId) ?? [], today);
    // a deleted account: no grant of hers runs today (what she had before is history)
    const grants = user.deleted && computed && computed.endDate < today ? null : computed;
    const same =
      columns === null
        ? grants === null
        : grants !== null &&
          grants.endDate === columns.endDate &&
          grants.planId === columns.planId &&
          grants.origin === columns.origin;
    if (same) equal++;
    else mismatched.push({ userId, columns, grants });
  }

  const [products] = await rowsOf(
    db,
    sql`select
          (select count(*) from user_purchases up join users u on u.id = up.user_id
            where u.deleted_at is null and up.product_type in ('programs', 'packs'))::int as rows,
          (select count(*) from user_purchases up join users u on u.id = up.user_id
            where u.deleted_at is null and up.product_type in ('programs', 'packs')
              and not exists (select 1 from entitlements e
                               where e.user_id = up.user_id and e.product_id = up.product_id
                                 and e.kind = case when up.product_type = 'packs' then 'pack' else 'program' end
                                 and e.state = 'active' and (e.ends_on is null or e.ends_on >= ${today}::date)))::int as without_grant,
          (select count(*) from entitlements e join users u on u.id = e.user_id
            where u.deleted_at is null and e.kind in ('program', 'pack') and e.state = 'active'
              and (e.ends_on is null or e.ends_on >= ${today}::date)
              and not exists (select 1 from user_purchases up
                               where up.user_id = e.user_id and up.product_id = e.product_id
                                 and up.product_type = case when e.kind = 'pack' then 'packs' else 'programs' end))::int as without_row,
          (select count(*) from entitlements e join users u on u.id = e.user_id
            where u.deleted_at is not null and e.state = 'active'
              and (e.ends_on is null or e.ends_on >= ${today}::date))::int as deleted_live,
          (select count(*) from entitlements
            where kind = 'plan' and source = 'card' and order_id is null)::int as card_without_order`,
  );
  const bySource: Record<string, number> = {};
  for (const r of await rowsOf(
    db,
    sql`select kind || '/' || source as key, count(*)::int as n from entitlements group by 1 order by 1`,
  )) {
    bySource[String(r.key)] = Number(r.n);
  }
  return {
    users: users.length,
    withPlan,
    equal,
    mismatches: mismatched.length,
    examples: mismatched.slice(0, 5),
    planGrants: grantRows.length,
    productRows: Number(products?.rows ?? 0),
    productRowsWithoutGrant: Number(products?.without_grant ?? 0),
    productGrantsWithoutRow: Number(products?.without_row ?? 0),
    deletedWithLiveGrants: Number(products?.deleted_live ?? 0),
    cardGrantsWithoutOrder: Number(products?.card_without_order ?? 0),
    bySource,
  };
}

/** What `convertAgain` did: the conversion's time, the check's, and what the check found. */
export interface ConversionRun {
  /** seconds of the migrations' statements (0026, 0032, 0033) */
  seconds: number;
  /** seconds of the check of every account */
  checkSeconds: number;
  grants: number;
  check: ConversionCheck;
  kept: boolean;
}

/**
 * Runs the conversion again on a database whose accounts are as before the grants (the bench's
 * generated users): in one transaction, its grants emptied, the migrations' statements run and
 * timed, then every account checked. `keep` commits the grants (a freshly generated data set, as
 * production is after the migration); otherwise the transaction is rolled back.
 */
export async function convertAgain(db: Database, options: { keep: boolean }): Promise<ConversionRun> {
  let run: ConversionRun | undefined;
  const rollback = new Error('conversion measured, rolled back');
  await db
    .transaction(async (tx) => {
      await tx.execute(sql`delete from entitlements`);
      const started = performance.now();
      await runConversion(tx);
      const seconds = (performance.now() - started) / 1000;
      const [counted] = (await tx.execute<{ n: number }>(sql`select count(*)::int as n from entitlements`))
        .rows;
      const checkStarted = performance.now();
      const check = await checkConvertedAccess(tx);
      const checkSeconds = (performance.now() - checkStarted) / 1000;
      run = { seconds, checkSeconds, grants: Number(counted?.n ?? 0), check, kept: options.keep };
      if (!options.keep) throw rollback;
    })
    .catch((error: unknown) => {
      if (error !== rollback) throw error;
    });
  if (!run) throw new Error('the conversion did not run');
  return run;
}

import { openDatabase } from '../../apps/api/src/db/client';
import {
  type ConversionRun,
  convertAgain,
} from '../../apps/api/src/modules/entitlements/convert-existing-access';
import type { DataSummary } from './generate-data';
import { log, type Settings } from './settings';

/**
 * Issue 27: the migration that turns every account's end date and plan (and every program or
 * pack she owns) into grants, run again on the generated users (whose columns are as before the
 * grants: the data set is loaded after the migrations), timed, then every account checked: her
 * access computed from her grants equals what her columns said. A freshly generated data set keeps
 * the grants (as production is after the migration); a reused one already has them, so the run is
 * rolled back.
 */
export const conversionBudgetSeconds = 30;

export interface EntitlementsConversionResult extends ConversionRun {
  users: number;
}

export async function measureEntitlementsConversion(
  settings: Settings,
  data: DataSummary,
): Promise<EntitlementsConversionResult> {
  const handle = openDatabase({ kind: 'pg', url: settings.databaseUrl, poolSize: 1 });
  try {
    const run = await convertAgain(handle.db, { keep: !data.reused });
    const { check } = run;
    log(
      `   ${check.users.toLocaleString('en')} accounts (${check.withPlan.toLocaleString('en')} with an end date): ${run.grants.toLocaleString('en')} grants in ${run.seconds.toFixed(1)} s; access equal for ${check.equal.toLocaleString('en')}, ${check.mismatches} different; ${check.productRows.toLocaleString('en')} programs and packs, ${check.productRowsWithoutGrant} without a grant (check ${run.checkSeconds.toFixed(1)} s${run.kept ? '' : ', rolled back'})`,
    );
    for (const example of check.examples) log(`   differs: ${JSON.stringify(example)}`);
    return { ...run, users: check.users };
  } finally {
    await handle.close();
  }
}

/** Its budget line: the conversion's time, and every account's access equal. */
export function conversionBudget(result: EntitlementsConversionResult | undefined) {
  const equal = result ? result.check.mismatches === 0 && result.check.productRowsWithoutGrant === 0 : false;
  return {
    budget: `Entitlements conversion (migrations 0026, 0032, 0033) of the data set's users ≤ ${conversionBudgetSeconds} s, access equal for all`,
    measured: result
      ? `${result.seconds.toFixed(1)} s for ${result.users.toLocaleString('en')} users; ${result.check.mismatches} different, ${result.check.productRowsWithoutGrant} programs without a grant`
      : '–',
    status: (result === undefined
      ? 'not measured'
      : result.seconds <= conversionBudgetSeconds && equal
        ? 'met'
        : 'missed') as 'met' | 'missed' | 'not measured',
  };
}

/** The report's section: counts, times and grants by source. */
export function conversionSection(result: EntitlementsConversionResult | undefined): string[] {
  if (!result) return [];
  const { check } = result;
  const out = ['## Entitlements conversion', ''];
  out.push(
    `The migrations that turn every account's end date and plan, and every program or pack she owns, into grants (issue 27: 0026, 0032 and 0033), run again on the data set's ${result.users.toLocaleString('en')} users in one transaction${result.kept ? ' (kept: the bench then runs on the grants, as production does after the migration)' : ' (rolled back: this reused data set already holds its grants)'}. Then every account is checked: her plan access computed from her grants by the entitlements module (planAccessOf) against her columns (end date, plan, origin), and every program or pack row against her live grants.`,
  );
  out.push('');
  out.push('| figure | value |');
  out.push('| --- | --- |');
  const rows: [string, string][] = [
    ['conversion (the migrations\u2019 statements)', `${result.seconds.toFixed(2)} s`],
    ['check of every account', `${result.checkSeconds.toFixed(2)} s`],
    ['accounts', check.users.toLocaleString('en')],
    ['accounts with an end date', check.withPlan.toLocaleString('en')],
    ['access equal to the columns', `${check.equal.toLocaleString('en')} (${check.mismatches} different)`],
    ['grants written', result.grants.toLocaleString('en')],
    ['plan grants', check.planGrants.toLocaleString('en')],
    [
      'programs and packs (user_purchases)',
      `${check.productRows.toLocaleString('en')} (${check.productRowsWithoutGrant} without a live grant, ${check.productGrantsWithoutRow} grants without a row)`,
    ],
    [
      'grants by kind and source',
      Object.entries(check.bySource)
        .map(([k, n]) => `${k} ${n.toLocaleString('en')}`)
        .join(', '),
    ],
  ];
  for (const [figure, value] of rows) out.push(`| ${figure} | ${value} |`);
  out.push('');
  return out;
}

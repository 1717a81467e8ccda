import { createRequire } from 'node:module';
import path from 'node:path';
import type pg from 'pg';
import { buildApp } from '../../apps/api/src/app';
import { loadConfig } from '../../apps/api/src/config';
import { openDatabase } from '../../apps/api/src/db/client';
import type { Call, Endpoint } from './load';
import { apiEnvironment } from './run-api';
import { repoRoot, type Settings } from './settings';

export interface Statement {
  text: string;
  values: unknown[];
}

export interface StatementCount {
  name: string;
  /** statements of the first request (caches empty) */
  cold: number;
  /** statements per request once warm: mean and max over `samples` requests */
  mean: number;
  max: number;
  samples: number;
  /** the statements of the warm request that issued the most, for EXPLAIN */
  statements: Statement[];
  /** statements only the cold request sent (what fills the caches), for EXPLAIN */
  coldOnly: Statement[];
  statuses: number[];
}

type Query = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * Never counted: the mail dispatcher's polling (a timer, not a request) and the LISTEN every new
 * pool connection runs once before its first use (db/client.ts).
 */
const background = /\bmail_outbox\b|^\s*listen\b/i;

/**
 * Counts the SQL statements each endpoint sends, for real: the API is built in this process
 * (apps/api buildApp, the same code the bundle runs) and every `pg` client query is wrapped.
 * Requests are injected one at a time and every statement sent while one is in flight is its own
 * (the mail dispatcher's timer polling is told apart by its table and not counted). BEGIN and
 * COMMIT count: they are round trips.
 */
export async function countStatements(
  settings: Settings,
  endpoints: Endpoint[],
  samples = 6,
): Promise<StatementCount[]> {
  // The pg module the API resolves (the same instance drizzle's node-postgres driver calls).
  const pgModule = createRequire(path.join(repoRoot, 'apps/api/package.json'))('pg') as typeof pg;
  let sink: Statement[] | null = null;
  const original = pgModule.Client.prototype.query as unknown as Query;
  const counting: Query = function (this: pg.Client, ...args: unknown[]) {
    const [config, values] = args;
    const text = typeof config === 'string' ? config : ((config as { text?: string }).text ?? '');
    if (sink && !background.test(text)) {
      const params = Array.isArray(values) ? values : ((config as { values?: unknown[] }).values ?? []);
      sink.push({ text, values: params });
    }
    return original.apply(this, args);
  };
  (pgModule.Client.prototype as unknown as { query: Query }).query = counting;

  const config = loadConfig({ ...apiEnvironment(settings, undefined), LOG_LEVEL: 'silent' });
  const database = openDatabase({ kind: 'pg', url: settings.databaseUrl });
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  try {
    const results: StatementCount[] = [];
    for (const endpoint of endpoints) {
      const statuses: number[] = [];
      const inject = async (call: Call) => {
        const statements: Statement[] = [];
        sink = statements;
        const response = await app
          .inject({
            method: call.method,
            url: call.path,
            headers: {
              authorization: `Bearer ${call.token}`,
              ...(call.body ? { 'content-type': 'application/json' } : {}),
            },
            ...(call.body ? { payload: call.body } : {}),
          })
          .finally(() => {
            sink = null;
          });
        statuses.push(response.statusCode);
        return statements;
      };
      const warm: Statement[][] = [];
      let cold: Statement[];
      if (endpoint.prime && endpoint.samples?.length) {
        // Writes: each sample once, after a read that fills the API's caches for it (sending a
        // write twice would count a no-op re-save). The samples are a learner's three saves of a
        // section, so partial saves and the save that completes the section are both counted.
        const [first, ...rest] = endpoint.samples;
        cold = await inject(endpoint.call(first as number));
        for (const i of rest) {
          await inject(endpoint.prime(i));
          warm.push(await inject(endpoint.call(i)));
        }
      } else {
        // Calls far into the rotation (not the ones the load made), spread over users, ids and
        // words. Each is sent twice and the second one counts as "warm": that is what the load
        // sees once the API's caches (course structures, catalogue pages, searches) are filled.
        const call = (n: number) => endpoint.call(1_000_000 + n * 2_003);
        cold = await inject(call(0));
        for (let n = 1; n <= samples; n++) {
          await inject(call(n));
          warm.push(await inject(call(n)));
        }
      }
      const counts = warm.map((s) => s.length);
      const heaviest = warm.reduce((a, b) => (b.length > a.length ? b : a), warm[0] ?? []);
      results.push({
        name: endpoint.name,
        cold: cold.length,
        coldOnly: cold.filter((c) => !heaviest.some((w) => w.text === c.text)),
        mean: counts.reduce((a, b) => a + b, 0) / Math.max(1, counts.length),
        max: Math.max(0, ...counts),
        samples: counts.length,
        statements: heaviest,
        statuses,
      });
    }
    return results;
  } finally {
    await app.close();
    await database.close();
    (pgModule.Client.prototype as unknown as { query: Query }).query = original;
  }
}

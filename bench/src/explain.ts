import type pg from 'pg';
import type { Statement, StatementCount } from './count-statements';

export interface ExplainedStatement {
  endpoint: string;
  sql: string;
  plan: string;
  /** indexes the plan reads */
  indexes: string[];
  /** tables read by a sequential scan */
  seqScans: string[];
  executionMs: number;
  /** sent only with empty caches (the statements that fill them), not by a warm request */
  coldOnly: boolean;
}

const control = /^\s*(begin|commit|rollback|start transaction|savepoint|release)\b/i;

/** The SQL as the report shows it: one line, parameters kept as $n. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * EXPLAIN (ANALYZE, BUFFERS) of the real statements (text and parameters captured by the counter)
 * on the bench database, each inside a transaction that is rolled back, so writes change nothing:
 * those of a warm request, then those only a cold request sent (the queries that fill the caches).
 */
export async function explainStatements(
  client: pg.Client,
  counts: StatementCount[],
): Promise<ExplainedStatement[]> {
  const explained: ExplainedStatement[] = [];
  for (const count of counts) {
    const seen = new Set<string>();
    const statements = [
      ...count.statements.map((statement) => ({ statement, coldOnly: false })),
      ...count.coldOnly.map((statement) => ({ statement, coldOnly: true })),
    ];
    for (const { statement, coldOnly } of statements as { statement: Statement; coldOnly: boolean }[]) {
      if (control.test(statement.text) || seen.has(statement.text)) continue;
      seen.add(statement.text);
      await client.query('begin');
      try {
        const { rows } = await client.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${statement.text}`,
          statement.values,
        );
        const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
        const indexes = [
          ...new Set(
            [
              ...plan.matchAll(
                /(?:Index Only Scan|Index Scan|Bitmap Index Scan)(?: Backward)? (?:using|on) (\S+)/g,
              ),
            ].map((m) => m[1] ?? ''),
          ),
        ];
        const seqScans = [...new Set([...plan.matchAll(/Seq Scan on (\S+)/g)].map((m) => m[1] ?? ''))];
        const executionMs = Number(/Execution Time: ([\d.]+) ms/.exec(plan)?.[1] ?? Number.NaN);
        explained.push({
          endpoint: count.name,
          sql: oneLine(statement.text),
          plan,
          indexes,
          seqScans,
          executionMs,
          coldOnly,
        });
      } finally {
        await client.query('rollback');
      }
    }
  }
  return explained;
}

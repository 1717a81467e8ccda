import { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database } from '../../db/client';

/**
 * A statement the hot paths send on every request, prepared once per connection: PostgreSQL
 * then skips parsing and, after a few runs, planning (planning cost several times the execution
 * of these index lookups). `text` uses $1, $2… and never changes for a given `name`.
 */
export interface PreparedStatement {
  name: string;
  text: string;
}

/** The statement as drizzle SQL with bound parameters, for a transaction. */
function asSql(statement: PreparedStatement, values: unknown[]): SQL {
  const parts = statement.text.split(/\$(\d+)/);
  return sql.join(
    // sql.param: an array stays one parameter (a PostgreSQL array), as the prepared statement takes it
    parts.map((part, i) => (i % 2 === 1 ? sql`${sql.param(values[Number(part) - 1])}` : sql.raw(part))),
    sql``,
  );
}

/**
 * Runs a prepared statement on the app's pool (PostgreSQL) or the embedded PGlite; given a
 * transaction, runs it there as a plain statement.
 */
export async function runPrepared<Row>(
  db: Database,
  statement: PreparedStatement,
  values: unknown[],
): Promise<Row[]> {
  const client = (db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    const result = await client.query({ name: statement.name, text: statement.text, values });
    return result.rows as Row[];
  }
  if (client instanceof PGlite) {
    const result = await client.query<Row>(statement.text, values);
    return result.rows;
  }
  const result = await db.execute<Record<string, unknown>>(asSql(statement, values));
  return result.rows as Row[];
}

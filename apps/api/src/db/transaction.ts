import type { Database } from './client';

/** A transaction's handle, as `db.transaction(async (tx) => …)` gives it. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];
/** What a repository function takes: the database, or a transaction already open. */
export type Db = Database | Tx;

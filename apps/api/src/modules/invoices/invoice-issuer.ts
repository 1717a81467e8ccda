import { and, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fiscalDocuments } from '../../db/schema';
import { type FiscalDocumentRow, type IssueOutcome, issueDocument } from './issue-document';

declare module 'fastify' {
  interface FastifyInstance {
    invoicing: InvoiceIssuer;
  }
}

/**
 * Issues the fiscal documents that are due: the `invoices.issue` job runs it every minute, once
 * across processes (src/background-jobs.ts), and the process that approved a payment or finished a
 * refund kicks it right after its commit. One run at a time per process; each document is claimed
 * with FOR UPDATE SKIP LOCKED and leased (next_attempt_at moves on), so two processes never try
 * the same document at once and a crash only delays it. Credit notes go after invoices.
 */
export class InvoiceIssuer {
  private running: Promise<number> | null = null;
  private again = false;
  private stopped = false;

  constructor(private readonly app: FastifyInstance) {}

  /** Tries every due document once; resolves to how many were tried. Tests await it. */
  runDue(): Promise<number> {
    if (this.stopped) return Promise.resolve(0);
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = this.drain().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  /** After a commit that queued a document: issue now (outside tests), without waiting. */
  kick(): void {
    if (!this.app.config.invoicing.issueAtOnce || this.stopped) return;
    this.runDue().catch((error: unknown) => this.app.log.error({ err: error }, 'fiscal issuance run failed'));
  }

  /** One document now, whatever its schedule (tests, an operator's retry after FAILED). */
  issue(id: number): Promise<IssueOutcome> {
    return issueDocument(this.app, id);
  }

  /** An operator's retry: a FAILED (or waiting) document gets its tries back and goes now. */
  async retry(id: number): Promise<IssueOutcome | null> {
    const [row] = await this.app.db
      .update(fiscalDocuments)
      .set({
        status: 'PENDING',
        attempts: 1,
        nextAttemptAt: sql`now() + interval '2 minutes'`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(fiscalDocuments.id, id), inArray(fiscalDocuments.status, ['FAILED', 'PENDING'])))
      .returning({ id: fiscalDocuments.id });
    if (!row) return null;
    return issueDocument(this.app, id);
  }

  private async drain(): Promise<number> {
    let tried = 0;
    for (;;) {
      this.again = false;
      const due = await claimDue(this.app, 10);
      for (const doc of due) {
        if (this.stopped) return tried;
        await issueDocument(this.app, doc.id);
        tried += 1;
      }
      if (due.length === 0 && !this.again) return tried;
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    await this.running?.catch(() => undefined);
  }
}

async function claimDue(app: FastifyInstance, limit: number): Promise<FiscalDocumentRow[]> {
  const { rows } = await app.db.execute<{ id: string | number }>(sql`
    update fiscal_documents
       set attempts = attempts + 1, next_attempt_at = now() + interval '2 minutes', updated_at = now()
     where id in (
       select id from fiscal_documents
        where status = 'PENDING' and next_attempt_at <= now()
        order by (kind = 'credit_note'), id
        limit ${limit}
        for update skip locked)
    returning id`);
  if (rows.length === 0) return [];
  const ids = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  const claimed = await app.db.select().from(fiscalDocuments).where(inArray(fiscalDocuments.id, ids));
  // Invoices first, then credit notes (a note waits for its invoice), each in queue order.
  return claimed.sort(
    (a, b) => Number(a.kind === 'credit_note') - Number(b.kind === 'credit_note') || a.id - b.id,
  );
}

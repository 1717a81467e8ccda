import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { fiscalAccessTickets } from '../../db/schema';
import type { AccessTicket, TicketStore } from '../../providers/invoicing/arca-client';
import { withAdvisoryLock } from './issuance-lock';

/**
 * WSAA's ticket kept in the database for every process (fiscal_access_tickets): a second login
 * while one is live is refused, so a process that starts after another uses the other's ticket.
 * The login itself runs under an advisory lock, so processes starting together log in once.
 */
export class DatabaseTicketStore implements TicketStore {
  constructor(private readonly app: FastifyInstance) {}

  async load(service: string): Promise<AccessTicket | null> {
    const [row] = await this.app.db
      .select()
      .from(fiscalAccessTickets)
      .where(eq(fiscalAccessTickets.service, service));
    return row ? { token: row.token, sign: row.sign, expiresAt: row.expiresAt } : null;
  }

  async save(service: string, ticket: AccessTicket): Promise<void> {
    await this.app.db
      .insert(fiscalAccessTickets)
      .values({ service, ...ticket })
      .onConflictDoUpdate({
        target: fiscalAccessTickets.service,
        set: { token: ticket.token, sign: ticket.sign, expiresAt: ticket.expiresAt, updatedAt: sql`now()` },
      });
  }

  async forget(service: string): Promise<void> {
    await this.app.db.delete(fiscalAccessTickets).where(eq(fiscalAccessTickets.service, service));
  }

  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return withAdvisoryLock(this.app, 0, fn);
  }
}

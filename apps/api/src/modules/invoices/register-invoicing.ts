import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createFiscalAuthority } from '../../providers/invoicing/create-invoicing';
import { DatabaseTicketStore } from './access-tickets';
import { InvoiceIssuer } from './invoice-issuer';

/** The name of the issuing job on the queue (src/background-jobs.ts). */
export const invoicesJob = 'invoices.issue';

/**
 * Decorates the app with the fiscal authority (ARCA, its stand-in or nothing) and the issuer, and
 * closes the issuer with the app. Called before registerJobs, so jobs stop before it closes.
 */
export function registerInvoicing(app: FastifyInstance, config: Config): void {
  app.decorate('arcaStandIn', null);
  app.decorate('fiscalAuthority', createFiscalAuthority(app, config, new DatabaseTicketStore(app)));
  const issuer = new InvoiceIssuer(app);
  app.decorate('invoicing', issuer);
  app.addHook('onClose', async () => {
    await issuer.close();
  });
}

import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { users } from '../../../db/schema';
import { secretBoxFor } from '../../auth/totp-secrets';

/**
 * The demo's operators (issue 18). The demo seed (demo/seed.ts) creates their accounts like every
 * demo account; the role and the second factor are given here, when the app starts outside
 * production: the seed has no key to seal a TOTP secret with, and a production database seeded
 * with demo data must not get operators whose password and secret are printed in the README.
 */
export const demoOperators = [
  { email: 'admin@alcancia.local', name: 'Adela Administradora', role: 'admin' },
  { email: 'editora@alcancia.local', name: 'Elena Editora', role: 'editor' },
  { email: 'soporte@alcancia.local', name: 'Sofía Soporte', role: 'support' },
] as const;

/** Their shared TOTP secret (base32), printed in the README so the demo works with any app. */
export const demoTotpSecret = 'ALCANCIADEMOTOTPALCANCIADEMOTOTP';

/**
 * Gives the demo operator accounts their role and second factor, once: only accounts the demo
 * seed made (origin `demo`) that have no second factor yet. Idempotent, and safe when several
 * processes start together (each UPDATE is conditional).
 */
export async function enableDemoOperators(app: FastifyInstance): Promise<number> {
  const box = secretBoxFor(app.config);
  let enabled = 0;
  for (const operator of demoOperators) {
    const rows = await app.db
      .update(users)
      .set({
        role: operator.role,
        totpSecret: box.seal(demoTotpSecret),
        totpEnabledAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.email, operator.email), eq(users.origin, 'demo'), isNull(users.totpSecret)))
      .returning({ id: users.id });
    enabled += rows.length;
  }
  return enabled;
}

/** Outside production, with the demo data on: the demo operators are ready when the app is. */
export function registerDemoOperators(app: FastifyInstance): void {
  if (app.config.isProduction || !app.config.seedDemoData) return;
  app.addHook('onReady', async () => {
    const [found] = await app.db
      .select({ id: users.id })
      .from(users)
      .where(
        and(
          inArray(
            users.email,
            demoOperators.map((o) => o.email),
          ),
          isNull(users.totpSecret),
        ),
      )
      .limit(1);
    if (!found) return;
    const enabled = await enableDemoOperators(app);
    if (enabled > 0) app.log.info({ operators: enabled }, 'demo operators enabled');
  });
}

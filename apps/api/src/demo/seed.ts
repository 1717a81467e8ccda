import { inArray, sql } from 'drizzle-orm';
import demoCatalog from '../../content/demo-catalog.json' with { type: 'json' };
import type { Database } from '../db/client';
import { appMeta, featureFlags, serviceControls, users } from '../db/schema';
import { importContent } from '../modules/academy/import-content';
import { demoOperators } from '../modules/admin/security/demo-operators';
import { hashPassword } from '../modules/auth/password-hashing';
import { seedDemoProgramPromoCodes } from '../modules/programs/seed-demo-program-promo-codes';
import { seedDemoSubscriptions } from '../modules/subscriptions/seed-demo-subscriptions';
import { loadTranscripts, readTranscripts } from './demo-transcripts';

/** Every demo account uses this password (listed in the README). */
export const demoPassword = 'Alcancia2026';

const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000);

async function seedDemoAccounts(tx: Tx) {
  const passwordHash = await hashPassword(demoPassword);
  await tx
    .insert(users)
    .values(
      [
        {
          email: 'alumna@alcancia.local',
          name: 'Ana Alumna',
          countryCode: 'AR',
          telephone: '+5491155550001',
          emailVerifiedAt: new Date(),
        },
        {
          email: 'suscriptora@alcancia.local',
          name: 'Sara Suscriptora',
          countryCode: 'AR',
          telephone: '+5491155550002',
          emailVerifiedAt: new Date(),
          // her year of Plan Esencial is a grant (subscriptions/seed-demo-subscriptions.ts)
        },
        {
          email: 'sinvalidar@alcancia.local',
          name: 'Nora Nueva',
          countryCode: 'AR',
          telephone: '+5491155550003',
        },
        {
          email: 'bloqueada@alcancia.local',
          name: 'Berta Pendiente',
          countryCode: 'AR',
          telephone: '+5491155550004',
          createdAt: daysFromNow(-5),
        },
        // Issue 17: a subscriber whose renewal was refused ("pago pendiente") and one who cancelled
        // with access left; their agreements are made at the emulator once the server listens
        // (subscriptions/seed-demo-after-sale.ts).
        {
          email: 'morosa@alcancia.local',
          name: 'Mora Morosa',
          countryCode: 'AR',
          telephone: '+5491155550006',
          emailVerifiedAt: new Date(),
        },
        {
          email: 'cancelada@alcancia.local',
          name: 'Carla Cancelada',
          countryCode: 'AR',
          telephone: '+5491155550007',
          emailVerifiedAt: new Date(),
        },
        {
          email: 'mexico@alcancia.local',
          name: 'Marta México',
          countryCode: 'MX',
          telephone: '+525555550005',
          emailVerifiedAt: new Date(),
        },
        // Issue 18: the back office's operators. Their role and second factor are given when the
        // app starts outside production (modules/admin/security/demo-operators.ts), never by the seed.
        ...demoOperators.map((operator, i) => ({
          email: operator.email,
          name: operator.name,
          countryCode: 'AR',
          telephone: `+54911555501${i}0`,
          emailVerifiedAt: new Date(),
        })),
      ].map((u) => ({ ...u, passwordHash, origin: 'demo' })),
    )
    .onConflictDoNothing();
}

/**
 * Bump when the demo data changes. Every step below is idempotent (ON CONFLICT DO NOTHING, or the
 * catalogue import's upsert by id), so a newer version re-runs safely on an existing database and an
 * unchanged one is not re-seeded.
 */
export const demoSeedVersion = 10;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * The switches exist from the migrations (all off); the demo turns the purchase tabs on, and Aladina,
 * the academy's assistant (issue 42; no row yet before its migration: then nothing changes).
 */
async function seedOperatorSwitches(tx: Tx) {
  await tx
    .update(featureFlags)
    .set({ enabled: true, updatedAt: new Date() })
    .where(
      inArray(featureFlags.name, ['enableMonthlySubscriptionPurchase', 'enableAnnualSubscriptionPurchase']),
    );
  await tx
    .update(serviceControls)
    .set({ enabled: true, updatedAt: new Date() })
    .where(inArray(serviceControls.name, ['ALADINA']));
}

/** Seeds demo data once per version. Returns true when it wrote anything. */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Two processes starting at once on one server: the second waits, then sees the marker.
    await tx.execute(sql`select pg_advisory_xact_lock(4242001)`);
    const current = await tx.execute<{ value: string }>(
      sql`select value from app_meta where key = 'demo_seed_version'`,
    );
    const seeded = Number(current.rows[0]?.value ?? 0);
    if (seeded >= demoSeedVersion) return false;
    await seedOperatorSwitches(tx);
    await seedDemoAccounts(tx);
    // Sale windows are relative to this day; `npm run content:import` re-anchors them later.
    await importContent(tx, demoCatalog, { today: new Date() });
    // The transcribed demo classes get their transcripts as captions (decision 0330).
    await loadTranscripts(tx, readTranscripts());
    await seedDemoSubscriptions(tx);
    await seedDemoProgramPromoCodes(tx);
    await tx
      .insert(appMeta)
      .values({ key: 'demo_seed_version', value: String(demoSeedVersion) })
      .onConflictDoUpdate({
        target: appMeta.key,
        set: { value: String(demoSeedVersion), updatedAt: new Date() },
      });
    return true;
  });
}

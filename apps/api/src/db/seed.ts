import { sql } from 'drizzle-orm';
import type { Database } from './client';
import { appMeta, featureFlags, serviceControls } from './schema';

/**
 * Bump when the demo data changes. Every step below is idempotent (ON CONFLICT DO NOTHING), so a
 * newer version re-runs safely on an existing database and an unchanged one is not re-seeded.
 */
export const demoSeedVersion = 1;

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

async function seedOperatorSwitches(tx: Tx) {
  await tx
    .insert(serviceControls)
    .values([
      { name: 'COMMUNITY', enabled: false },
      { name: 'CHAT_BOT', enabled: false, reference: 'CHAT_CUSTOMGPT' },
      { name: 'SOCIAL_LOGIN_GOOGLE', enabled: false },
      { name: 'SOCIAL_LOGIN_FACEBOOK', enabled: false },
      { name: 'SUBSCRIPTION_CHECKOUT_PROVIDER', enabled: true, resource: 'MP' },
    ])
    .onConflictDoNothing();
  await tx
    .insert(featureFlags)
    .values([
      { name: 'enableMonthlySubscriptionPurchase', enabled: true },
      { name: 'enableAnnualSubscriptionPurchase', enabled: true },
    ])
    .onConflictDoNothing();
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

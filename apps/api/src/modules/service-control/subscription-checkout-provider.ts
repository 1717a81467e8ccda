import { redirectProviderCode } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import { serviceControls } from '../../db/schema';
import type { Db } from '../../db/transaction';

/** The service control that names the subscription checkout's provider (spec P §3). */
export const subscriptionCheckoutProviderControl = 'SUBSCRIPTION_CHECKOUT_PROVIDER';

/** The values it may name: Mercado Pago's card checkout ('MP') or the second provider's code. */
export const subscriptionCheckoutProviders = ['MP', redirectProviderCode] as const;

const isProvider = (value: string | null): value is (typeof subscriptionCheckoutProviders)[number] =>
  (subscriptionCheckoutProviders as readonly (string | null)[]).includes(value);

/**
 * The provider the operators chose for subscription checkouts (decision 0281): the control's
 * resource while it is enabled and names a known provider; null when it is off (each plan's own
 * setting then decides, as before).
 */
export async function readSubscriptionCheckoutProvider(db: Db): Promise<string | null> {
  const [row] = await db
    .select({ enabled: serviceControls.enabled, resource: serviceControls.resource })
    .from(serviceControls)
    .where(eq(serviceControls.name, subscriptionCheckoutProviderControl));
  if (!row?.enabled) return null;
  const resource = row.resource?.trim().toUpperCase() ?? null;
  return isProvider(resource) ? resource : null;
}

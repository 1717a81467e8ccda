import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { testAppForFile } from '../../../../test/helpers';
import {
  type Buyer,
  cardToken,
  createPaymentsTestApp,
  newBuyer,
  type PaymentsTestApp,
  seedTestPlans,
  settleWebhooks,
  subscribe,
} from '../../../../test/payments';
import { payProgram, seedTestProgramCatalog } from '../../../../test/programs';
import { auditLog } from '../../../db/schema';

/**
 * The back office's test app for one test file: the API with the Mercado Pago emulator, the test
 * programs and the test plans. Call it once at the top of the file (it registers the file's hooks).
 */
export function adminTestApp(): PaymentsTestApp {
  return testAppForFile(createPaymentsTestApp, async (app) => {
    await seedTestProgramCatalog(app);
    await seedTestPlans(app);
  });
}

/** The audit entries written for one action on one target. */
export const auditEntries = (t: PaymentsTestApp, action: string, targetId: string) =>
  t.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

/** A new member who just paid prog-abierto (45.000) by card, the provider's notices delivered. */
export async function programPaidBuyer(t: PaymentsTestApp): Promise<Buyer> {
  const buyer = await newBuyer(t.app);
  const paid = await payProgram(t.app, buyer.headers, {
    programId: 'prog-abierto',
    cardTokenId: await cardToken(t.emulator),
  });
  expect(paid.statusCode, paid.body).toBe(200);
  await settleWebhooks(t.emulator);
  return buyer;
}

/**
 * A new member subscribed to the monthly `basico` plan by card (with `promoCode` when given), the
 * provider's notices delivered.
 */
export async function subscribedBuyer(t: PaymentsTestApp, promoCode?: string): Promise<Buyer> {
  const buyer = await newBuyer(t.app);
  const subscribed = await subscribe(t.app, buyer, {
    subscriptionPlanName: 'basico',
    subscriptionPlanFrequency: 'monthly',
    cardToken: await cardToken(t.emulator),
    ...(promoCode !== undefined ? { promoCode } : {}),
  });
  expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
  await settleWebhooks(t.emulator);
  return buyer;
}

/** The status the learner's viewer answers her for a content: 200 with access, 403 without. */
export const viewerStatus = async (t: PaymentsTestApp, buyer: Buyer, contentId: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/academy/${contentId}`, headers: buyer.headers }))
    .statusCode;

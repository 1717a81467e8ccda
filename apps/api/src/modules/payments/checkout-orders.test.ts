import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newSession } from '../../../test/accounts';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { PaymentProviderError } from '../../providers/payments/payment-gateway';
import { closeFailedCheckoutOrder, hasPendingOrder, openCheckoutOrder } from './checkout-orders';

const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }));

/** A program checkout whose provider call failed with `status` (null: no answer at all). */
async function failedCheckout(status: number | null): Promise<string> {
  const { credentials, email } = await newSession(t.app);
  const actor = `user:${credentials.userId}` as const;
  const order = await openCheckoutOrder(
    t.app,
    {
      userId: credentials.userId,
      kind: 'program',
      payerEmail: email,
      itemId: 'programa-x',
      description: 'Programa X',
      amountCentavos: 100_000,
      idempotencyKey: randomUUID(),
    },
    actor,
    'test checkout',
  );
  await expect(
    closeFailedCheckoutOrder(t.app, order, new PaymentProviderError('provider failure', status), actor),
  ).rejects.toMatchObject({ internalCode: 'PAYMENT_PROVIDER_ERROR' });
  return credentials.userId;
}

const blocked = (userId: string) =>
  hasPendingOrder(t.app.db, { userId, kind: 'program', itemId: 'programa-x' });

describe('a checkout the provider never answered', () => {
  it('blocks a second checkout for a while (the charge may exist); an answered failure does not', async () => {
    const unanswered = await failedCheckout(null);
    expect(await blocked(unanswered)).toBe(true);
    // a 5xx does not say whether the provider charged (decision 63); a 4xx (429) was not processed
    expect(await blocked(await failedCheckout(502))).toBe(true);
    const answered = await failedCheckout(429);
    expect(await blocked(answered)).toBe(false);

    await t.app.db.execute(
      sql`update payment_orders set created_at = now() - interval '11 minutes' where user_id = ${unanswered}`,
    );
    expect(await blocked(unanswered)).toBe(false);
  });
});

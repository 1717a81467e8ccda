import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import { withdrawalRequests } from '../../db/schema';
import type { Db } from '../../db/transaction';

/** How long a mailed code works, and how many wrong guesses it takes. */
export const codeLifetimeMinutes = 30;
const maxAttempts = 5;
/** One mail per purchase every 60 s, whatever the caller does. */
const resendGapSeconds = 60;

const hashOf = (secret: Uint8Array, paymentId: number, email: string, code: string) =>
  createHmac('sha256', secret).update(`withdrawal:${paymentId}:${email}:${code.trim()}`).digest('hex');

/**
 * A fresh 6-digit code for a guest's withdrawal of one payment, stored as an HMAC (earlier ones
 * stop working). Null when one was issued seconds ago: no second mail.
 */
export async function issueWithdrawalCode(
  db: Db,
  secret: Uint8Array,
  paymentId: number,
  email: string,
): Promise<string | null> {
  const [recent] = await db
    .select({ id: withdrawalRequests.id })
    .from(withdrawalRequests)
    .where(
      and(
        eq(withdrawalRequests.paymentId, paymentId),
        gt(withdrawalRequests.createdAt, sql`now() - make_interval(secs => ${resendGapSeconds})`),
      ),
    )
    .limit(1);
  if (recent) return null;
  await db
    .update(withdrawalRequests)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(withdrawalRequests.paymentId, paymentId), isNull(withdrawalRequests.consumedAt)));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.insert(withdrawalRequests).values({
    paymentId,
    email,
    codeHash: hashOf(secret, paymentId, email, code),
    expiresAt: new Date(Date.now() + codeLifetimeMinutes * 60_000),
  });
  return code;
}

/**
 * Spends the newest live code of this payment and e-mail when `code` matches it. A wrong code
 * counts an attempt; after five the code is dead. Returns whether it matched.
 */
export async function consumeWithdrawalCode(
  db: Db,
  secret: Uint8Array,
  paymentId: number,
  email: string,
  code: string,
): Promise<boolean> {
  const [live] = await db
    .select()
    .from(withdrawalRequests)
    .where(
      and(
        eq(withdrawalRequests.paymentId, paymentId),
        eq(withdrawalRequests.email, email),
        isNull(withdrawalRequests.consumedAt),
        gt(withdrawalRequests.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(withdrawalRequests.createdAt))
    .limit(1);
  if (!live || live.attempts >= maxAttempts) return false;
  const expected = Buffer.from(live.codeHash, 'hex');
  const given = Buffer.from(hashOf(secret, paymentId, email, code), 'hex');
  if (!timingSafeEqual(expected, given)) {
    await db
      .update(withdrawalRequests)
      .set({ attempts: sql`${withdrawalRequests.attempts} + 1` })
      .where(eq(withdrawalRequests.id, live.id));
    return false;
  }
  const spent = await db
    .update(withdrawalRequests)
    .set({ consumedAt: sql`now()` })
    .where(and(eq(withdrawalRequests.id, live.id), isNull(withdrawalRequests.consumedAt)))
    .returning({ id: withdrawalRequests.id });
  return spent.length > 0;
}

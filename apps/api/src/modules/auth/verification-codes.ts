import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { verificationCodes } from '../../db/schema';
import { AppError } from '../../errors';

export type CodePurpose =
  | 'validate_account'
  | 'reset_password'
  | 'login_link'
  /** a new e-mail address, proved by a code sent there (target: that address) */
  | 'change_email'
  /** deleting an account that has no password (social login) */
  | 'delete_account'
  /** a visitor's botón de baja: the subscription's e-mail is hers (issue 28) */
  | 'cancel_subscription';
type Executor = Pick<Database, 'insert' | 'update' | 'select'>;

const lifetimeMinutes: Record<CodePurpose, number> = {
  validate_account: 24 * 60,
  reset_password: 60,
  login_link: 24 * 60,
  change_email: 60,
  delete_account: 60,
  cancel_subscription: 30,
};
/** Wrong guesses allowed on one code before it stops working. */
export const maxCodeAttempts = 5;
const resendPerHour = 5;
const resendGapSeconds = 30;

/**
 * Codes are stored as HMACs keyed by a server secret: a 6-digit code's plain hash would be
 * reversed at once by anyone reading the table.
 */
function hashCode(secret: Uint8Array, userId: string, purpose: CodePurpose, code: string): Buffer {
  return createHmac('sha256', secret).update(`${userId}:${purpose}:${code.trim()}`).digest();
}

const tooSoon = () =>
  new AppError(
    'TOO_MANY_REQUESTS',
    429,
    'Ya te enviamos un código hace instantes. Esperá un momento antes de pedir otro.',
  );

/**
 * Issues a fresh code and retires earlier ones of the same purpose (only the newest mail works).
 * Refuses bursts: one code per 30 s and 5 per hour for each account and purpose.
 */
export async function issueCode(
  db: Executor,
  secret: Uint8Array,
  userId: string,
  purpose: CodePurpose,
  /** what the code is for, checked when it is used (change_email: the new address) */
  target?: string,
): Promise<string> {
  const recent = await db
    .select({ createdAt: verificationCodes.createdAt })
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        gt(verificationCodes.createdAt, sql`now() - interval '1 hour'`),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt));
  const newest = recent[0]?.createdAt.getTime();
  if (recent.length >= resendPerHour || (newest && Date.now() - newest < resendGapSeconds * 1000))
    throw tooSoon();

  const code =
    purpose === 'login_link'
      ? randomBytes(24).toString('base64url')
      : String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db
    .update(verificationCodes)
    .set({ consumedAt: sql`now()` })
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
      ),
    );
  await db.insert(verificationCodes).values({
    userId,
    purpose,
    codeHash: hashCode(secret, userId, purpose, code).toString('hex'),
    target: target ?? null,
    expiresAt: new Date(Date.now() + lifetimeMinutes[purpose] * 60_000),
  });
  return code;
}

/**
 * Checks and consumes a code. Wrong guesses count against the newest code, which dies after
 * `maxCodeAttempts`. Returns false for any failure; callers must let the transaction commit
 * (so the attempt is counted) before answering with an error.
 */
export async function consumeCode(
  db: Executor,
  secret: Uint8Array,
  userId: string,
  purpose: CodePurpose,
  code: string,
  /** the target the code must have been issued for (a code for another target counts as wrong) */
  target?: string,
): Promise<boolean> {
  const rows = await db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.userId, userId),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        gt(verificationCodes.expiresAt, sql`now()`),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1)
    .for('update');
  const row = rows[0];
  if (!row || row.attempts >= maxCodeAttempts) return false;
  const expected = Buffer.from(row.codeHash, 'hex');
  const given = hashCode(secret, userId, purpose, code);
  const wrongTarget = target !== undefined && row.target !== target;
  if (expected.length !== given.length || !timingSafeEqual(expected, given) || wrongTarget) {
    await db
      .update(verificationCodes)
      .set({ attempts: sql`${verificationCodes.attempts} + 1` })
      .where(eq(verificationCodes.id, row.id));
    return false;
  }
  await db.update(verificationCodes).set({ consumedAt: sql`now()` }).where(eq(verificationCodes.id, row.id));
  return true;
}

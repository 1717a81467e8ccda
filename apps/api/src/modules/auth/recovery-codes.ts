import { createHmac, randomInt } from 'node:crypto';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import { operatorRecoveryCodes } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { resolveJwtSecret } from '../../plugins/authentication';

/**
 * Recovery codes of an operator's second factor (issue 18): 10 per enrolment, `XXXXX-XXXXX` from
 * an alphabet without look-alikes (about 49 bits each), shown once, kept as keyed hashes (HMAC),
 * each good for one login.
 */
export const recoveryCodeCount = 10;
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const keys = new WeakMap<Config, Buffer>();
function keyOf(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = createHmac('sha256', resolveJwtSecret(config)).update('operator-recovery-codes').digest();
    keys.set(config, key);
  }
  return key;
}

/** Upper case without spaces or dashes: `abcde fghjk` and `ABCDE-FGHJK` are the same code. */
export const normalizeRecoveryCode = (code: string) => code.toUpperCase().replace(/[\s-]/g, '');

export const looksLikeRecoveryCode = (code: string) =>
  new RegExp(`^[${alphabet}]{10}$`).test(normalizeRecoveryCode(code));

const hashOf = (config: Config, code: string) =>
  createHmac('sha256', keyOf(config)).update(normalizeRecoveryCode(code)).digest('hex');

function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => alphabet[randomInt(alphabet.length)]).join('');
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A new set replaces every earlier one (used or not). Returns the codes to show once. */
export async function replaceRecoveryCodes(db: Db, config: Config, userId: string): Promise<string[]> {
  const codes = Array.from({ length: recoveryCodeCount }, newRecoveryCode);
  await db.delete(operatorRecoveryCodes).where(eq(operatorRecoveryCodes.userId, userId));
  await db
    .insert(operatorRecoveryCodes)
    .values(codes.map((code) => ({ userId, codeHash: hashOf(config, code) })));
  return codes;
}

/** Uses one of her codes, once (a conditional UPDATE: a reused code finds nothing). */
export async function consumeRecoveryCode(
  db: Db,
  config: Config,
  userId: string,
  code: string,
): Promise<boolean> {
  if (!looksLikeRecoveryCode(code)) return false;
  const used = await db
    .update(operatorRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(operatorRecoveryCodes.userId, userId),
        eq(operatorRecoveryCodes.codeHash, hashOf(config, code)),
        isNull(operatorRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: operatorRecoveryCodes.id });
  return used.length > 0;
}

export async function recoveryCodesLeft(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(operatorRecoveryCodes)
    .where(and(eq(operatorRecoveryCodes.userId, userId), isNull(operatorRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

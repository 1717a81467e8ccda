import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import encodeQR from 'qr';
import { users } from '../../db/schema';
import type { Db } from '../../db/transaction';
import type { UserRow } from './users-repository';

/**
 * An operator's second factor (issue 18): TOTP of RFC 6238 (30-second steps, 6 digits, SHA-1: what
 * every authenticator app reads from the QR), through otplib.
 */
export const totpIssuer = 'Alcancía';

/** 20 random bytes, base32 (what authenticator apps expect). */
export const newTotpSecret = (): string => generateSecret();

export const otpauthUriOf = (email: string, secret: string): string =>
  generateURI({ issuer: totpIssuer, label: email, secret });

/** The enrolment QR as an SVG document, drawn on the server: no QR code in the web's bundles. */
export const qrSvgOf = (uri: string): string => encodeQR(uri, 'svg', { ecc: 'medium', border: 2 });

/** Has a role and a confirmed second factor: her password alone opens no operator session. */
export const isEnrolledOperator = (
  user: Pick<UserRow, 'role' | 'totpSecret' | 'totpEnabledAt' | 'deletedAt'>,
) => user.role !== null && user.totpSecret !== null && user.totpEnabledAt !== null && user.deletedAt === null;

/**
 * The time step of a valid code newer than `afterTimeStep`, else null. One step of clock drift
 * either way is accepted, as RFC 6238 recommends.
 */
export async function acceptTotp(
  secret: string,
  code: string,
  afterTimeStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  try {
    const result = await verify({
      secret,
      token: code,
      epochTolerance: 30,
      ...(afterTimeStep !== null ? { afterTimeStep } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  } catch {
    return null;
  }
}

/**
 * Records a code's time step as used, once: concurrent logins with the same code race on this
 * conditional UPDATE and one wins. False: that step (or a later one) was already used.
 */
export async function claimTimeStep(db: Db, userId: string, step: number): Promise<boolean> {
  const claimed = await db
    .update(users)
    .set({ totpLastStep: step })
    .where(and(eq(users.id, userId), or(isNull(users.totpLastStep), lt(users.totpLastStep, step))))
    .returning({ id: users.id });
  return claimed.length > 0;
}

/** Makes `sealedSecret` her second factor from now on (enrolment confirmed). */
export async function enableTotp(db: Db, userId: string, sealedSecret: string, step: number | null) {
  await db
    .update(users)
    .set({
      totpSecret: sealedSecret,
      totpPendingSecret: null,
      totpEnabledAt: sql`now()`,
      totpLastStep: step,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

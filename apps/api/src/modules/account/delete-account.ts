import type { deleteAccountRequestSchema } from '@alcancia/contract';
import { and, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import {
  analyticsEvents,
  certificates,
  courseProgress,
  freeTrials,
  paymentOrders,
  paymentRefunds,
  payments,
  sectionProgress,
  socialIdentities,
  users,
  verificationCodes,
  withdrawalRequests,
  withdrawals,
} from '../../db/schema';
import { AppError } from '../../errors';
import { enqueueMail } from '../../providers/mail/outbox';
import { verifyPassword } from '../auth/password-hashing';
import { announceRevocation } from '../auth/revoke-access-tokens';
import { revokeAllSessions } from '../auth/sessions';
import { findUserById } from '../auth/users-repository';
import { consumeCode } from '../auth/verification-codes';
import { endAllGrantsOf } from '../entitlements/end-grants';
import { transitionOrder } from '../payments/orders-repository';
import { cancelAtProvider } from '../subscriptions/cancel-subscription';
import { goodbyeMail } from './account-mails';
import { wrongPassword } from './change-password';
import { eraseHerDataParts } from './her-data-parts';
import { passwordRequired } from './request-deletion-code';

/** The address a deleted account keeps: unique, and never deliverable (.invalid, RFC 2606). */
export const deletedEmail = (userId: string) => `deleted-${userId}@alcancia.invalid`;
export const deletedName = 'Cuenta eliminada';

const invalidCode = () =>
  new AppError(
    'INVALID_VERIFICATION_CODE',
    400,
    'El código no es válido o venció. Revisá el último correo que te enviamos o pedí uno nuevo.',
  );

/** Subscription agreements that could still charge her card. */
const chargingStatuses = ['active', 'pending'] as const;

/**
 * Deletes her account (Ley 25.326, derecho de supresión), after she proves it is her (her
 * password, or for an account without one a mailed code):
 * 1. every subscription agreement that could charge again is cancelled at the provider first (if
 *    the provider cannot be reached nothing is deleted: she must not be charged without an account);
 * 2. in one transaction: those orders become `cancelled`; every session ends; her personal data
 *    is erased (social identities, codes, progress, certificates) or unlinked (free trials,
 *    analytics events); her grants end (reason account_deleted); the users row stays, anonymised
 *    and marked deleted, because payments, refunds and withdrawals point at it and are kept for
 *    the accounts (their e-mails anonymised too); a goodbye mail goes to the address she had;
 * 3. every API process refuses her access tokens from then on.
 */
export async function deleteAccount(
  app: FastifyInstance,
  userId: string,
  proof: z.infer<typeof deleteAccountRequestSchema>,
): Promise<void> {
  const user = await findUserById(app.db, userId);
  if (!user || user.deletedAt) throw AppError.unauthorized();
  if ('password' in proof) {
    if (!user.passwordHash) {
      throw new AppError(
        'PASSWORD_NOT_SET',
        409,
        'Tu cuenta no tiene contraseña: pedí un código por correo para eliminarla.',
      );
    }
    if (!(await verifyPassword(user.passwordHash, proof.password))) throw wrongPassword();
  } else {
    if (user.passwordHash) throw passwordRequired();
    // its own transaction: a wrong code is counted even though nothing else happens
    const valid = await app.db.transaction((tx) =>
      consumeCode(tx, app.codeSecret, userId, 'delete_account', proof.code),
    );
    if (!valid) throw invalidCode();
  }

  const agreements = await app.db
    .select()
    .from(paymentOrders)
    .where(
      and(
        eq(paymentOrders.userId, userId),
        eq(paymentOrders.kind, 'subscription'),
        inArray(paymentOrders.status, [...chargingStatuses]),
        isNotNull(paymentOrders.providerPreapprovalId),
      ),
    );
  for (const order of agreements) await cancelAtProvider(app, order);

  const anonymousEmail = deletedEmail(userId);
  await app.db.transaction(async (tx) => {
    const [locked] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!locked || locked.deletedAt) throw AppError.unauthorized();
    for (const order of agreements) {
      const cancelled = await transitionOrder(tx, order.id, [...chargingStatuses], 'cancelled', {
        actor: `user:${userId}`,
        reason: 'account deleted by her',
      });
      if (cancelled) {
        await tx
          .update(paymentOrders)
          .set({
            cancelledAt: sql`coalesce(${paymentOrders.cancelledAt}, now())`,
            pastDueSince: null,
            graceUntil: null,
          })
          .where(eq(paymentOrders.id, order.id));
      }
    }
    await revokeAllSessions(tx, userId);
    // Decision 0094: her grants end with the account (the cache is cleared below).
    await endAllGrantsOf(tx, userId);

    await tx.delete(socialIdentities).where(eq(socialIdentities.userId, userId));
    await tx.delete(verificationCodes).where(eq(verificationCodes.userId, userId));
    await tx.delete(sectionProgress).where(eq(sectionProgress.userId, userId));
    await tx.delete(courseProgress).where(eq(courseProgress.userId, userId));
    await tx.delete(certificates).where(eq(certificates.userId, userId));
    await eraseHerDataParts(tx, userId); // other modules' rows of hers (her-data-parts.ts)
    await tx.update(freeTrials).set({ userId: null }).where(eq(freeTrials.userId, userId));
    await tx.update(analyticsEvents).set({ userId: null }).where(eq(analyticsEvents.userId, userId));

    // Money records stay for the accounts, without her address.
    await tx
      .update(paymentOrders)
      .set({ payerEmail: anonymousEmail, updatedAt: sql`now()` })
      .where(eq(paymentOrders.userId, userId));
    const herPayments = tx
      .select({ id: payments.id })
      .from(payments)
      .innerJoin(paymentOrders, eq(paymentOrders.id, payments.orderId))
      .where(eq(paymentOrders.userId, userId));
    await tx
      .update(paymentRefunds)
      .set({ payerEmail: anonymousEmail, updatedAt: sql`now()` })
      .where(and(inArray(paymentRefunds.paymentId, herPayments), isNotNull(paymentRefunds.payerEmail)));
    await tx.update(withdrawals).set({ email: anonymousEmail }).where(eq(withdrawals.userId, userId));
    await tx
      .update(withdrawalRequests)
      .set({ email: anonymousEmail })
      .where(inArray(withdrawalRequests.paymentId, herPayments));

    await tx
      .update(users)
      .set({
        email: anonymousEmail,
        name: deletedName,
        passwordHash: null,
        telephone: null,
        emailVerifiedAt: null,
        acquisitionChannel: null,
        subscriptionEndDate: null,
        subscriptionPlanId: null,
        privateCommunityAccess: false,
        learningGoals: [],
        knowledgeLevel: null,
        interestsPending: false,
        deletedAt: sql`now()`,
        updatedAt: sql`now()`,
      })
      .where(and(eq(users.id, userId), isNull(users.deletedAt)));

    await enqueueMail(tx, goodbyeMail(user.email, user.name));
    await announceRevocation(tx, { userId });
  });
  app.accessTokens.revoke({ userId });
  app.mail.kick();
}

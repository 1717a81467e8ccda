import { type GuestTier, guestTierSchema, guestTierTerms } from '@alcancia/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentOrders, payments, users } from '../../db/schema';
import type { Tx } from '../../db/transaction';
import { AppError } from '../../errors';
import { argentinaDate } from '../../lib/argentina-date';
import { enqueueMail } from '../../providers/mail/outbox';
import { takeOverUnverifiedAccount } from '../auth/sessions';
import { type CodePurpose, issueCode } from '../auth/verification-codes';
import { grantPlan } from '../entitlements/grant';
import { type OrderRow, transitionOrder } from '../payments/orders-repository';
import type { OrderPaymentHandler } from '../payments/payment-routing';
import type { PaymentRow } from '../payments/record-payment';
import { refundDuplicatePayment } from '../payments/refund-payment';
import { refusedReasonOf } from '../payments/refused-reason';
import { guestMembershipMail } from './guest-membership-mail';

/**
 * The plan a tier's access counts as (community, plan name in the shell): the dearest, longest
 * tier gets the top plan. Its grant is queued after what she has (decision 90): a buyer on a
 * heavier plan keeps it while it runs.
 */
export const tierPlans: Record<GuestTier, string> = {
  BLACK: 'plan-platino',
  ORO: 'plan-oro',
  PLATINUM: 'plan-esencial',
};

/** Orders whose payment may still be approved: a refused card can be retried on the same page. */
const grantable: OrderRow['status'][] = ['created', 'pending', 'error', 'refused'];

interface GuestDetails {
  name: string;
  surname: string;
  phone: string | null;
}

function detailsOf(order: OrderRow): GuestDetails {
  const text = (value: unknown) => (typeof value === 'string' ? value.trim() : '');
  return {
    name: text(order.details.name),
    surname: text(order.details.surname),
    phone: text(order.details.phone) || null,
  };
}

/**
 * The buyer's account, matched by e-mail (stored lower-case) or created. A created account has no
 * password (the e-mailed link sets one) and counts as verified: every way into it goes through a
 * code mailed to that address, and "¿Olvidaste tu contraseña?" (verified accounts only) must work
 * when the welcome link has expired. Locked for the rest of the grant.
 */
async function findOrCreateAccount(tx: Tx, email: string, details: GuestDetails) {
  const created = await tx
    .insert(users)
    .values({
      email,
      name: `${details.name} ${details.surname}`.trim() || email,
      passwordHash: null,
      countryCode: 'AR',
      telephone: details.phone,
      emailVerifiedAt: sql`now()`,
      origin: 'guest_purchase',
    })
    .onConflictDoNothing({ target: users.email })
    .returning({ id: users.id });
  const [user] = await tx.select().from(users).where(eq(users.email, email)).for('no key update');
  if (!user) throw new Error(`guest account ${email} neither created nor found`);
  return { user, created: created.length > 0 };
}

/** A fresh code, or null when the account asked for one seconds ago (the mail still goes out). */
async function codeOrNull(app: FastifyInstance, tx: Tx, userId: string, purpose: CodePurpose) {
  try {
    return await issueCode(tx, app.codeSecret, userId, purpose);
  } catch (error) {
    if (error instanceof AppError && error.internalCode === 'TOO_MANY_REQUESTS') return null;
    throw error;
  }
}

/**
 * What one approved payment of a guest order buys, exactly once (a second approved payment of a paid order is 'duplicate') (the payment's granted_at is
 * claimed in the same transaction): the buyer's account (matched or created), the order linked to
 * it, the tier's months as its own grant queued after the plan time she has, and one e-mail with the
 * way in. Returns null when there was nothing to do (already granted, or not ours to grant).
 */
export async function grantGuestMembership(
  app: FastifyInstance,
  orderId: string,
  payment: PaymentRow,
): Promise<{ userId: string; endDate: string; created: boolean } | 'duplicate' | null> {
  return app.db.transaction(async (tx) => {
    const [order] = await tx
      .select()
      .from(paymentOrders)
      .where(eq(paymentOrders.id, orderId))
      .for('no key update');
    const tier = guestTierSchema.safeParse(order?.itemId);
    if (!order || !tier.success) return null;
    if (payment.amountCentavos < order.amountCentavos || payment.currency !== order.currency) {
      app.log.error(
        { orderId, paymentId: payment.providerPaymentId, amountCentavos: payment.amountCentavos },
        'guest payment does not cover its order: not granted',
      );
      return null;
    }
    const claimed = await tx
      .update(payments)
      .set({ grantedAt: sql`now()`, updatedAt: sql`now()` })
      .where(and(eq(payments.id, payment.id), isNull(payments.grantedAt), isNull(payments.heldAt)))
      .returning({ id: payments.id });
    if (claimed.length === 0) return null;
    if (order.status === 'paid') {
      // Another payment already bought this order (the same Checkout Pro page paid twice): this
      // one grants nothing, the caller refunds it.
      await tx.update(payments).set({ grantedAt: null }).where(eq(payments.id, payment.id));
      return 'duplicate';
    }

    const details = detailsOf(order);
    const found = await findOrCreateAccount(tx, order.payerEmail, details);
    const { created } = found;
    // The membership is mailed to this address: an account never verified there may belong to
    // someone else's registration, so its password goes and the owner gets the set-password link.
    const user = (await takeOverUnverifiedAccount(tx, found.user))
      ? { ...found.user, passwordHash: null }
      : found.user;
    const terms = guestTierTerms[tier.data];
    // Decision 90: the membership is its own grant, queued after the plan time she already has.
    const { endDate: accessEnd } = await grantPlan(tx, {
      userId: user.id,
      planId: tierPlans[tier.data],
      source: 'guest_purchase',
      origin: 'GUEST_PURCHASE',
      length: { months: terms.accessMonths },
      orderId: order.id,
      paymentId: payment.id,
      details: { tier: tier.data },
    });
    const endDate = accessEnd ?? argentinaDate();

    await transitionOrder(
      tx,
      order.id,
      grantable,
      'paid',
      {
        actor: 'webhook',
        reason: `payment ${payment.providerPaymentId} approved`,
        details: { userId: user.id, accountCreated: created, endDate },
      },
      { refusedReason: null },
    );
    await tx
      .update(paymentOrders)
      .set({ userId: user.id, updatedAt: sql`now()` })
      .where(and(eq(paymentOrders.id, order.id), isNull(paymentOrders.userId)));
    await tx
      .update(users)
      .set({
        // An account matched by e-mail keeps its data; only what is missing is filled in.
        telephone: user.telephone ?? details.phone,
        countryCode: user.countryCode ?? 'AR',
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, user.id));

    const setPasswordCode = user.passwordHash ? null : await codeOrNull(app, tx, user.id, 'reset_password');
    const loginCode = await codeOrNull(app, tx, user.id, 'login_link');
    await enqueueMail(
      tx,
      guestMembershipMail({
        publicUrl: app.config.publicUrl,
        to: user.email,
        name: details.name || user.name,
        tierTitle: terms.title,
        endDate,
        setPasswordCode,
        loginCode,
      }),
    );
    return { userId: user.id, endDate, created };
  });
}

/** A refused (or cancelled) payment grants nothing; the order is refused unless one was approved. */
async function refuseGuestOrder(app: FastifyInstance, order: OrderRow, payment: PaymentRow) {
  await app.db.transaction(async (tx) => {
    const approved = await tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.orderId, order.id), eq(payments.status, 'approved')));
    if (approved.length > 0) return;
    await transitionOrder(
      tx,
      order.id,
      ['created', 'pending', 'error'],
      'refused',
      {
        actor: 'webhook',
        reason: `payment ${payment.providerPaymentId} ${payment.status}: ${payment.statusDetail}`,
      },
      { refusedReason: refusedReasonOf(payment.statusDetail) },
    );
  });
}

/** The guest tiers' side of the payments core (see payment-routing.ts). Idempotent under replays. */
export function guestTierPaymentHandler(app: FastifyInstance): OrderPaymentHandler {
  return {
    async onPayment({ order, payment }) {
      if (payment.status === 'approved') {
        if (payment.grantedAt) return;
        const granted = await grantGuestMembership(app, order.id, payment);
        if (granted === 'duplicate') {
          await refundDuplicatePayment(app, order, payment);
          return;
        }
        if (granted) {
          app.log.info({ orderId: order.id, ...granted }, 'guest membership granted');
          app.mail.kick();
        }
        return;
      }
      if (payment.status === 'rejected' || payment.status === 'cancelled') {
        await refuseGuestOrder(app, order, payment);
        return;
      }
      if (payment.status === 'pending' || payment.status === 'in_process') {
        await transitionOrder(app.db, order.id, ['created'], 'pending', {
          actor: 'webhook',
          reason: `payment ${payment.providerPaymentId} ${payment.status}`,
        });
      }
    },
  };
}

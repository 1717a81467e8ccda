import { asc, eq, inArray, sql } from 'drizzle-orm';
import {
  analyticsEvents,
  certificates,
  courseProgress,
  freeTrials,
  paymentOrders,
  paymentRefunds,
  payments,
  promoCodeRedemptions,
  promoCodes,
  refreshTokens,
  sectionProgress,
  socialIdentities,
  userPurchases,
  type users,
  withdrawals,
} from '../../db/schema';
import type { Db } from '../../db/transaction';
import type { DataExport } from './export-data';

/*
 * The data export's sections (export-data.ts), one step each: what it reads of her and how it is
 * written in the file. Each runs on its own; exportData runs them together.
 */

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/** Her account as stored (no secrets: no password hash, token or code). */
export function exportProfile(user: typeof users.$inferSelect): DataExport['profile'] {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerifiedAt: iso(user.emailVerifiedAt),
    countryCode: user.countryCode,
    telephone: user.telephone,
    origin: user.origin,
    acquisitionChannel: user.acquisitionChannel,
    subscriptionEndDate: user.subscriptionEndDate,
    subscriptionPlanId: user.subscriptionPlanId,
    lastServiceOrigin: user.lastServiceOrigin,
    privateCommunityAccess: user.privateCommunityAccess,
    // the onboarding's answers (issue 30)
    learningGoals: user.learningGoals,
    knowledgeLevel: user.knowledgeLevel,
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** Her orders, each with its payments and their refunds (card: brand and last four only). */
export async function exportPaymentOrders(db: Db, userId: string): Promise<DataExport['paymentOrders']> {
  const orders = await db
    .select()
    .from(paymentOrders)
    .where(eq(paymentOrders.userId, userId))
    .orderBy(asc(paymentOrders.createdAt));
  const orderIds = orders.map((order) => order.id);
  const paymentRows = orderIds.length
    ? await db.select().from(payments).where(inArray(payments.orderId, orderIds)).orderBy(asc(payments.id))
    : [];
  const paymentIds = paymentRows.map((payment) => payment.id);
  const refundRows = paymentIds.length
    ? await db
        .select()
        .from(paymentRefunds)
        .where(inArray(paymentRefunds.paymentId, paymentIds))
        .orderBy(asc(paymentRefunds.id))
    : [];
  const refundsOf = (paymentId: number) =>
    refundRows
      .filter((refund) => refund.paymentId === paymentId)
      .map((refund) => ({
        amountCentavos: refund.amountCentavos,
        status: refund.status,
        reason: refund.reason,
        createdAt: refund.createdAt.toISOString(),
        succeededAt: iso(refund.succeededAt),
      }));
  const paymentsOf = (orderId: string) =>
    paymentRows
      .filter((payment) => payment.orderId === orderId)
      .map((payment) => ({
        id: payment.id,
        providerPaymentId: payment.providerPaymentId,
        status: payment.status,
        amountCentavos: payment.amountCentavos,
        refundedCentavos: payment.refundedCentavos,
        currency: payment.currency,
        paymentMethod: payment.paymentMethod,
        installments: payment.installments,
        cardLastFour: payment.cardLastFour,
        approvedAt: iso(payment.approvedAt),
        createdAt: payment.createdAt.toISOString(),
        refunds: refundsOf(payment.id),
      }));
  return orders.map((order) => ({
    id: order.id,
    kind: order.kind,
    itemId: order.itemId,
    description: order.description,
    frequency: order.frequency,
    amountCentavos: order.amountCentavos,
    currency: order.currency,
    status: order.status,
    payerEmail: order.payerEmail,
    provider: order.provider,
    card:
      order.cardBrand || order.cardLastFour ? { brand: order.cardBrand, lastFour: order.cardLastFour } : null,
    cancelledAt: iso(order.cancelledAt),
    cancellationCode: order.cancellationCode,
    createdAt: order.createdAt.toISOString(),
    payments: paymentsOf(order.id),
  }));
}

/** What she was given and used: purchases, withdrawals, promo codes, free trials (no card fingerprint). */
export async function exportPurchases(
  db: Db,
  userId: string,
): Promise<Pick<DataExport, 'purchases' | 'withdrawals' | 'promoCodeRedemptions' | 'freeTrials'>> {
  const [purchaseRows, withdrawalRows, redemptionRows, trialRows] = await Promise.all([
    db.select().from(userPurchases).where(eq(userPurchases.userId, userId)).orderBy(asc(userPurchases.id)),
    db.select().from(withdrawals).where(eq(withdrawals.userId, userId)).orderBy(asc(withdrawals.id)),
    db
      .select({
        code: promoCodes.code,
        grantedUntil: promoCodeRedemptions.grantedUntil,
        createdAt: promoCodeRedemptions.createdAt,
      })
      .from(promoCodeRedemptions)
      .innerJoin(promoCodes, eq(promoCodes.id, promoCodeRedemptions.promoCodeId))
      .where(eq(promoCodeRedemptions.userId, userId))
      .orderBy(asc(promoCodeRedemptions.id)),
    db
      .select({ planId: freeTrials.planId, createdAt: freeTrials.createdAt })
      .from(freeTrials)
      .where(eq(freeTrials.userId, userId))
      .orderBy(asc(freeTrials.id)),
  ]);
  return {
    purchases: purchaseRows.map((row) => ({
      productType: row.productType,
      productId: row.productId,
      source: row.source,
      createdAt: row.createdAt.toISOString(),
    })),
    withdrawals: withdrawalRows.map((row) => ({
      paymentId: row.paymentId,
      revocationCode: row.revocationCode,
      channel: row.channel,
      createdAt: row.createdAt.toISOString(),
    })),
    promoCodeRedemptions: redemptionRows.map((row) => ({
      code: row.code,
      grantedUntil: row.grantedUntil,
      createdAt: row.createdAt.toISOString(),
    })),
    freeTrials: trialRows.map((row) => ({ planId: row.planId, createdAt: row.createdAt.toISOString() })),
  };
}

/** Her progress in each course and class, and her certificates. */
export async function exportLearning(
  db: Db,
  userId: string,
): Promise<Pick<DataExport, 'progress' | 'certificates'>> {
  const [courseRows, sectionRows, certificateRows] = await Promise.all([
    db
      .select()
      .from(courseProgress)
      .where(eq(courseProgress.userId, userId))
      .orderBy(asc(courseProgress.startedAt)),
    db
      .select()
      .from(sectionProgress)
      .where(eq(sectionProgress.userId, userId))
      .orderBy(asc(sectionProgress.courseId), asc(sectionProgress.sectionId)),
    db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(asc(certificates.issuedAt)),
  ]);
  return {
    progress: {
      courses: courseRows.map((row) => ({
        courseId: row.courseId,
        lastViewedSectionId: row.lastViewedSectionId,
        startedAt: row.startedAt.toISOString(),
        finishedAt: iso(row.finishedAt),
      })),
      sections: sectionRows.map((row) => ({
        courseId: row.courseId,
        sectionId: row.sectionId,
        viewedSeconds: row.viewedSeconds,
        completeFraction: row.completeFraction,
        completedAt: iso(row.completedAt),
        updatedAt: row.updatedAt.toISOString(),
      })),
    },
    certificates: certificateRows.map((row) => ({
      id: row.id,
      courseId: row.courseId,
      courseName: row.courseName,
      learnerName: row.learnerName,
      completedOn: row.completedOn,
      issuedAt: row.issuedAt.toISOString(),
    })),
  };
}

/** What her use of the product left: analytics events, linked social logins, sessions. */
export async function exportActivity(
  db: Db,
  userId: string,
): Promise<Pick<DataExport, 'analyticsEvents' | 'socialIdentities' | 'sessions'>> {
  const [eventRows, identityRows, sessionRows] = await Promise.all([
    db
      .select()
      .from(analyticsEvents)
      .where(eq(analyticsEvents.userId, userId))
      .orderBy(asc(analyticsEvents.id)),
    db
      .select({ provider: socialIdentities.provider, createdAt: socialIdentities.createdAt })
      .from(socialIdentities)
      .where(eq(socialIdentities.userId, userId)),
    // one row per session (refresh-token family): when it began, its last renewal, its end
    db
      .select({
        startedAt: sql<Date>`min(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
        lastRenewedAt: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
        expiresAt: sql<Date>`max(${refreshTokens.expiresAt})`.mapWith(refreshTokens.expiresAt),
        endedAt: sql<Date | null>`max(${refreshTokens.revokedAt})`.mapWith(refreshTokens.revokedAt),
      })
      .from(refreshTokens)
      .where(eq(refreshTokens.userId, userId))
      .groupBy(refreshTokens.familyId)
      .orderBy(sql`min(${refreshTokens.createdAt})`),
  ]);
  return {
    analyticsEvents: eventRows.map((row) => ({
      event: row.event,
      source: row.source,
      channel: row.channel,
      deviceId: row.deviceId,
      properties: row.properties,
      clientTimestamp: row.clientTimestamp.toISOString(),
      receivedAt: row.receivedAt.toISOString(),
    })),
    socialIdentities: identityRows.map((row) => ({
      provider: row.provider,
      linkedAt: row.createdAt.toISOString(),
    })),
    sessions: sessionRows.map((row) => ({
      startedAt: row.startedAt.toISOString(),
      lastRenewedAt: row.lastRenewedAt.toISOString(),
      expiresAt: row.expiresAt.toISOString(),
      endedAt: iso(row.endedAt),
    })),
  };
}

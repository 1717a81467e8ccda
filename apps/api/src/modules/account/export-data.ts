import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
  users,
  withdrawals,
} from '../../db/schema';
import { AppError } from '../../errors';
import { argentinaDate } from '../../lib/argentina-date';
import { requireUserId } from '../../plugins/authentication';
import { perUserLimit } from '../payments/payments-core';
import { exportHerDataParts } from './her-data-parts';

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const when = z.string().nullable();

/**
 * The data export (Ley 25.326, derecho de acceso): everything the product holds about her, as
 * stored. Left out on purpose: secrets (password hash, token and code hashes), card data beyond
 * brand and last four digits (free trials keep a card fingerprint: never exported), provider
 * keys and internal routing ids.
 */
export const dataExportSchema = z.object({
  exportedAt: z.string(),
  profile: z.object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    emailVerifiedAt: when,
    countryCode: z.string().nullable(),
    telephone: z.string().nullable(),
    origin: z.string(),
    acquisitionChannel: z.string().nullable(),
    subscriptionEndDate: z.string().nullable(),
    subscriptionPlanId: z.string().nullable(),
    lastServiceOrigin: z.string().nullable(),
    privateCommunityAccess: z.boolean(),
    learningGoals: z.array(z.string()),
    knowledgeLevel: z.string().nullable(),
    createdAt: z.string(),
    updatedAt: z.string(),
  }),
  purchases: z.array(
    z.object({ productType: z.string(), productId: z.string(), source: z.string(), createdAt: z.string() }),
  ),
  paymentOrders: z.array(
    z.object({
      id: z.string(),
      kind: z.string(),
      itemId: z.string(),
      description: z.string(),
      frequency: z.string().nullable(),
      amountCentavos: z.number(),
      currency: z.string(),
      status: z.string(),
      payerEmail: z.string(),
      provider: z.string(),
      card: z.object({ brand: z.string().nullable(), lastFour: z.string().nullable() }).nullable(),
      cancelledAt: when,
      cancellationCode: z.string().nullable(),
      createdAt: z.string(),
      payments: z.array(
        z.object({
          id: z.number(),
          providerPaymentId: z.string(),
          status: z.string(),
          amountCentavos: z.number(),
          refundedCentavos: z.number(),
          currency: z.string(),
          paymentMethod: z.string().nullable(),
          installments: z.number(),
          cardLastFour: z.string().nullable(),
          approvedAt: when,
          createdAt: z.string(),
          refunds: z.array(
            z.object({
              amountCentavos: z.number(),
              status: z.string(),
              reason: z.string(),
              createdAt: z.string(),
              succeededAt: when,
            }),
          ),
        }),
      ),
    }),
  ),
  withdrawals: z.array(
    z.object({
      paymentId: z.number(),
      revocationCode: z.string(),
      channel: z.string(),
      createdAt: z.string(),
    }),
  ),
  promoCodeRedemptions: z.array(
    z.object({ code: z.string(), grantedUntil: z.string().nullable(), createdAt: z.string() }),
  ),
  freeTrials: z.array(z.object({ planId: z.string(), createdAt: z.string() })),
  progress: z.object({
    courses: z.array(
      z.object({
        courseId: z.string(),
        lastViewedSectionId: z.string().nullable(),
        startedAt: z.string(),
        finishedAt: when,
      }),
    ),
    sections: z.array(
      z.object({
        courseId: z.string(),
        sectionId: z.string(),
        viewedSeconds: z.number(),
        completeFraction: z.number(),
        completedAt: when,
        updatedAt: z.string(),
      }),
    ),
  }),
  certificates: z.array(
    z.object({
      id: z.string(),
      courseId: z.string(),
      courseName: z.string(),
      learnerName: z.string(),
      completedOn: z.string(),
      issuedAt: z.string(),
    }),
  ),
  analyticsEvents: z.array(
    z.object({
      event: z.string(),
      source: z.string(),
      channel: z.string().nullable(),
      deviceId: z.string(),
      properties: z.record(z.string(), z.unknown()),
      clientTimestamp: z.string(),
      receivedAt: z.string(),
    }),
  ),
  socialIdentities: z.array(z.object({ provider: z.string(), linkedAt: z.string() })),
  sessions: z.array(
    z.object({ startedAt: z.string(), lastRenewedAt: z.string(), expiresAt: z.string(), endedAt: when }),
  ),
  /** what other modules hold of hers, by module (her-data-parts.ts): Aladina's notes and questions… */
  extras: z.record(z.string(), z.array(z.unknown())),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export async function exportData(app: FastifyInstance, userId: string): Promise<DataExport> {
  const db = app.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw AppError.unauthorized();

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

  const [purchaseRows, withdrawalRows, redemptionRows, trialRows, courseRows, sectionRows] =
    await Promise.all([
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
    ]);
  const [certificateRows, eventRows, identityRows, sessionRows] = await Promise.all([
    db.select().from(certificates).where(eq(certificates.userId, userId)).orderBy(asc(certificates.issuedAt)),
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

  const extras = await exportHerDataParts(db, userId);
  return {
    extras,
    exportedAt: new Date().toISOString(),
    profile: {
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
    },
    purchases: purchaseRows.map((row) => ({
      productType: row.productType,
      productId: row.productId,
      source: row.source,
      createdAt: row.createdAt.toISOString(),
    })),
    paymentOrders: orders.map((order) => ({
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
        order.cardBrand || order.cardLastFour
          ? { brand: order.cardBrand, lastFour: order.cardLastFour }
          : null,
      cancelledAt: iso(order.cancelledAt),
      cancellationCode: order.cancellationCode,
      createdAt: order.createdAt.toISOString(),
      payments: paymentRows
        .filter((payment) => payment.orderId === order.id)
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
          refunds: refundRows
            .filter((refund) => refund.paymentId === payment.id)
            .map((refund) => ({
              amountCentavos: refund.amountCentavos,
              status: refund.status,
              reason: refund.reason,
              createdAt: refund.createdAt.toISOString(),
              succeededAt: iso(refund.succeededAt),
            })),
        })),
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

/** GET /users/me/export: a JSON attachment, alcancia-mis-datos-YYYY-MM-DD.json */
export const exportDataRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me/export',
    {
      schema: {
        tags: ['account'],
        summary: 'Descargar mis datos (Ley 25.326): un archivo JSON con todo lo que guardamos sobre mí',
        security: [{ bearerAuth: [] }],
        response: { 200: dataExportSchema },
      },
      config: perUserLimit(app.config, 'data-export', 10, 15),
    },
    async (request, reply) => {
      const data = await exportData(app, requireUserId(request));
      reply
        .header('content-disposition', `attachment; filename="alcancia-mis-datos-${argentinaDate()}.json"`)
        .header('cache-control', 'no-store');
      return data;
    },
  );
};

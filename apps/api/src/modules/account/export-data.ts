import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { argentinaDate } from '../../lib/argentina-date';
import { requireUserId } from '../../plugins/authentication';
import { perUserLimit } from '../payments/payments-core';
import {
  exportActivity,
  exportLearning,
  exportPaymentOrders,
  exportProfile,
  exportPurchases,
} from './export-data-sections';
import { exportHerDataParts } from './her-data-parts';

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

/** Her export: her account, then each section's step and the other modules' parts, read together. */
export async function exportData(app: FastifyInstance, userId: string): Promise<DataExport> {
  const db = app.db;
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw AppError.unauthorized();
  const [paymentOrders, purchases, learning, activity, extras] = await Promise.all([
    exportPaymentOrders(db, userId),
    exportPurchases(db, userId),
    exportLearning(db, userId),
    exportActivity(db, userId),
    exportHerDataParts(db, userId),
  ]);
  return {
    extras,
    exportedAt: new Date().toISOString(),
    profile: exportProfile(user),
    paymentOrders,
    ...purchases,
    ...learning,
    ...activity,
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

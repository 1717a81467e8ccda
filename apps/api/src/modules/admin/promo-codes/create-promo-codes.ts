import { randomInt, randomUUID } from 'node:crypto';
import type { CreatePromoCodesResponse, createPromoCodesRequestSchema } from '@alcancia/contract/admin';
import { and, inArray } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { isUniqueViolation } from '../../../db/errors';
import { courses, promoCodes, subscriptionPlans } from '../../../db/schema';
import type { Db } from '../../../db/transaction';
import { AppError } from '../../../errors';
import { recordAudit } from '../core/audit';
import { toAdminPromoCode } from './promo-code-views';

type CreateRequest = z.output<typeof createPromoCodesRequestSchema>;

/** Batch codes: PREFIX-XXXXXXXX from an alphabet without look-alikes (about 40 bits each). */
const alphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
const randomPart = () => Array.from({ length: 8 }, () => alphabet[randomInt(alphabet.length)]).join('');
const batchCode = (prefix: string) => (prefix ? `${prefix.toUpperCase()}-${randomPart()}` : randomPart());

const codeTaken = (code: string) =>
  AppError.invalidData(
    [{ path: 'code', message: `Ya existe el código ${code}.` }],
    `Ya existe el código ${code}.`,
  );

/** The ids the rules name must exist: a code that can never apply is a mistake, said now. */
async function checkReferences(db: Db, body: CreateRequest): Promise<void> {
  const plans = [...new Set([...(body.planId ? [body.planId] : []), ...body.planIds])];
  if (plans.length > 0) {
    const found = await db
      .select({ id: subscriptionPlans.id })
      .from(subscriptionPlans)
      .where(inArray(subscriptionPlans.id, plans));
    const missing = plans.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) {
      throw AppError.invalidData([
        {
          path: body.planId && missing.includes(body.planId) ? 'planId' : 'planIds',
          message: `No existe el plan ${missing.join(', ')}.`,
        },
      ]);
    }
  }
  if (body.programIds.length > 0) {
    const found = await db
      .select({ id: courses.id })
      .from(courses)
      .where(and(inArray(courses.id, body.programIds), inArray(courses.kind, ['PROGRAM', 'PACK'])));
    const missing = body.programIds.filter((id) => !found.some((row) => row.id === id));
    if (missing.length > 0) {
      throw AppError.invalidData([
        { path: 'programIds', message: `No existe el programa o pack ${missing.join(', ')}.` },
      ]);
    }
  }
}

/** The columns of a code of this type: what the type does not use stays empty. */
function rulesOf(body: CreateRequest) {
  const subscription = body.type === 'FREE_PERIOD' || body.type === 'DISCOUNT_COUPON';
  return {
    type: body.type,
    description: body.description,
    freeMonths: body.type === 'FREE_PERIOD' ? (body.freeMonths ?? 0) : null,
    freeDays: body.type === 'FREE_PERIOD' ? (body.freeDays ?? 0) : null,
    planId: body.type === 'FREE_PERIOD' ? (body.planId ?? null) : null,
    discountPercent:
      body.type === 'DISCOUNT_COUPON' || body.type === 'PROGRAM_DISCOUNT'
        ? (body.discountPercent ?? null)
        : null,
    planIds: body.type === 'DISCOUNT_COUPON' ? body.planIds : [],
    frequencies: body.type === 'DISCOUNT_COUPON' ? body.frequencies : [],
    programIds: subscription ? [] : body.programIds,
    allowedCountryCodes: body.allowedCountryCodes,
    validFrom: body.validFrom ?? null,
    validUntil: body.validUntil ?? null,
    maxUses: body.maxUses ?? null,
    active: body.active,
  };
}

/**
 * POST /admin/promo-codes: one code with a chosen name, or a batch of N unique random codes with
 * the same rules (a `batchId` groups them). The rules are the ones the checkouts already apply
 * (promo-codes/promo-code-rules.ts, programs/program-promo-codes.ts): type, plans and frequencies,
 * programs, countries, dates, uses in all, one use per member.
 */
export async function createPromoCodes(
  db: Database,
  request: FastifyRequest,
  body: CreateRequest,
): Promise<CreatePromoCodesResponse> {
  await checkReferences(db, body);
  const rules = rulesOf(body);
  const batchId = body.batch ? randomUUID() : null;
  const wanted = body.batch ? body.batch.count : 1;
  const created = await db
    .transaction(async (tx) => {
      const rows: (typeof promoCodes.$inferSelect)[] = [];
      if (body.code) {
        const [row] = await tx
          .insert(promoCodes)
          .values({ ...rules, code: body.code })
          .onConflictDoNothing()
          .returning();
        if (!row) throw codeTaken(body.code);
        rows.push(row);
      } else {
        // random codes rarely collide with an existing one; those are drawn again
        for (let round = 0; rows.length < wanted && round < 5; round++) {
          const codes = new Set<string>();
          while (codes.size < wanted - rows.length) codes.add(batchCode(body.batch?.prefix ?? ''));
          const inserted = await tx
            .insert(promoCodes)
            .values([...codes].map((code) => ({ ...rules, code, batchId })))
            .onConflictDoNothing()
            .returning();
          rows.push(...inserted);
        }
        if (rows.length < wanted) throw new Error('promo code batch: could not draw unique codes');
      }
      await recordAudit(tx, request, {
        action: body.batch ? 'promo_code.create_batch' : 'promo_code.create',
        targetType: body.batch ? 'promo_code_batch' : 'promo_code',
        targetId: body.batch ? (batchId as string) : (rows[0]?.code as string),
        after: { ...rules, count: rows.length, codes: rows.slice(0, 20).map((row) => row.code) },
      });
      return rows;
    })
    .catch((error: unknown) => {
      if (isUniqueViolation(error) && body.code) throw codeTaken(body.code);
      throw error;
    });
  created.sort((a, b) => a.code.localeCompare(b.code));
  return { batchId, codes: created.map((row) => toAdminPromoCode(row)) };
}

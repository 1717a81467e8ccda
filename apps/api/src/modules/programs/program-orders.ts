import { randomUUID } from 'node:crypto';
import { programErrorMessages } from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { hasPendingOrder, openCheckoutOrder } from '../payments/checkout-orders';
import type { Actor } from '../payments/orders-repository';
import { promoCodeError } from '../promo-codes/promo-code-rules';
import { loadProgram, type ProgramStructure, productTypeOf } from './load-program';
import {
  assertArgentina,
  assertAudience,
  assertCheckoutProvider,
  assertNotOwned,
  assertOnSale,
  loadProgramBuyer,
  type ProgramBuyer,
} from './program-guards';
import { type ProgramPrice, priceProgram } from './program-pricing';
import { type ProgramPromo, programPromoFor, promoFactsOf } from './program-promo-codes';

/**
 * What every program checkout checks before anything else, whatever the provider: country,
 * program, provider, ownership, audience, sale window.
 */
export async function loadProgramCheckout(
  app: FastifyInstance,
  userId: string,
  programId: string,
  provider: string,
): Promise<{ buyer: ProgramBuyer; program: ProgramStructure }> {
  const buyer = await loadProgramBuyer(app.db, userId);
  assertArgentina(buyer);
  const program = await loadProgram(app.db, programId);
  assertCheckoutProvider(program, provider);
  assertNotOwned(program, buyer);
  assertAudience(program, buyer);
  assertOnSale(program, buyer.viewer.today);
  return { buyer, program };
}

/** The server's price of a paid program checkout, with her promo code (if any) checked. */
export async function priceProgramCheckout(
  app: FastifyInstance,
  buyer: ProgramBuyer,
  program: ProgramStructure,
  promoCode: string | undefined,
): Promise<{ promo: ProgramPromo | null; price: ProgramPrice }> {
  const promo = promoCode ? await programPromoFor(app.db, promoCode, promoFactsOf(buyer, program)) : null;
  // A free code is activated, not paid (availability FREE → activate).
  if (promo?.kind === 'FREE') throw promoCodeError('typeError');
  const price = priceProgram(program, promo);
  // A code that saves nothing on this price is not attached to the order, so it is not spent.
  return { promo: price.promoCodeApplied ? promo : null, price };
}

/**
 * A card payment of this program still in process (e.g. in review at the provider) could still be
 * approved: a second one now could charge her twice.
 */
export async function assertNoPendingProgramPayment(
  app: FastifyInstance,
  userId: string,
  programId: string,
): Promise<void> {
  if (await hasPendingOrder(app.db, { userId, kind: 'program', itemId: programId, provider: 'MP' })) {
    throw new AppError('PROGRAM_PAYMENT_PENDING', 409, programErrorMessages.PROGRAM_PAYMENT_PENDING);
  }
}

export interface NewProgramOrder {
  userId: string;
  email: string;
  program: ProgramStructure;
  price: ProgramPrice;
  promo: ProgramPromo | null;
  provider: string;
  installments: number;
  /** her DNI for the invoice, when she gave it */
  invoiceDocument?: string | null;
}

/** A program's order (and its promo code's use, reserved for it) before the provider is asked. */
export async function openProgramOrder(app: FastifyInstance, input: NewProgramOrder, actor: Actor) {
  const { course } = input.program;
  return openCheckoutOrder(
    app,
    {
      kind: 'program',
      userId: input.userId,
      payerEmail: input.email,
      itemId: course.id,
      description: course.name,
      amountCentavos: input.price.chargeCentavos,
      idempotencyKey: randomUUID(),
      provider: input.provider,
      promoCodeId: input.promo?.id ?? null,
      details: {
        programName: course.name,
        productType: productTypeOf(course.kind),
        regularPriceCentavos: input.price.regularCentavos,
        couponCode: input.price.promoCodeApplied,
        installments: input.installments,
        ...(input.invoiceDocument ? { invoiceDocument: input.invoiceDocument } : {}),
      },
    },
    actor,
    `program checkout (${input.provider})`,
  );
}

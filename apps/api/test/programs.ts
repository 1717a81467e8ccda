import {
  HOSTED_CHECKOUT_SIGNATURE_HEADER,
  hostedCheckoutSignature,
  type RunningHostedCheckout,
  startHostedCheckout,
} from '@alcancia/sandbox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { courseModules, courseSections, courses, packItems, promoCodes, users } from '../src/db/schema';
import { dayOffset } from './catalog-fixture';
import { createPaymentsTestApp, type PaymentsTestApp } from './payments';

type CourseInsert = typeof courses.$inferInsert;

const program = (values: Partial<CourseInsert> & Pick<CourseInsert, 'id' | 'name'>): CourseInsert => ({
  kind: 'PROGRAM',
  description: `Descripción de ${values.name}`,
  longDescription: 'Primer párrafo.\nSegundo párrafo.',
  priceCentavos: 1_000_000,
  regularPriceCentavos: 1_000_000,
  maxInstallments: 1,
  saleableStartDate: dayOffset(-10),
  saleableEndDate: dayOffset(10),
  ...values,
});

/**
 * Test programs (prices in centavos):
 * - prog-abierto: on sale, 45.000 (regular 60.000), up to 6 installments, two modules with content
 * - prog-una-cuota: on sale, 10.000, a single payment
 * - prog-futuro / prog-cerrado: before and after their sale windows
 * - prog-suscriptoras (ONLY_SUBSCRIBERS), prog-sin-suscripcion (ONLY_UNSUBSCRIBERS)
 * - prog-hosted: sold through the redirect provider (HOSTED), 30.000, up to 3 installments
 * - pack-combo (PACK, 80.000) containing prog-en-pack (PROGRAM)
 * - curso-comun (COURSE), evento-vivo (EVENT), prog-oculto (unpublished)
 */
export async function seedTestPrograms(app: FastifyInstance): Promise<void> {
  await app.db.insert(courses).values([
    program({
      id: 'prog-abierto',
      name: 'Programa Abierto',
      thumbnail: '/media/thumbnails/prog-abierto.svg',
      priceCentavos: 4_500_000,
      regularPriceCentavos: 6_000_000,
      maxInstallments: 6,
      modulesAmount: 2,
      classesAmount: 3,
      declinedPaymentFormUrl: 'https://forms.example.com/rechazo?programa=prog-abierto',
    }),
    program({ id: 'prog-una-cuota', name: 'Programa Una Cuota' }),
    program({
      id: 'prog-futuro',
      name: 'Programa Futuro',
      saleableStartDate: dayOffset(1),
      saleableEndDate: dayOffset(20),
      maxInstallments: 3,
    }),
    program({
      id: 'prog-cerrado',
      name: 'Programa Cerrado',
      saleableStartDate: dayOffset(-20),
      saleableEndDate: dayOffset(-1),
    }),
    program({ id: 'prog-suscriptoras', name: 'Programa Suscriptoras', audience: 'ONLY_SUBSCRIBERS' }),
    program({ id: 'prog-sin-suscripcion', name: 'Programa Sin Suscripción', audience: 'ONLY_UNSUBSCRIBERS' }),
    program({
      id: 'prog-hosted',
      name: 'Programa Externo',
      priceCentavos: 3_000_000,
      regularPriceCentavos: 3_000_000,
      maxInstallments: 3,
      checkoutProvider: 'HOSTED',
    }),
    program({ id: 'prog-en-pack', name: 'Programa En Pack' }),
    program({
      id: 'pack-combo',
      kind: 'PACK',
      name: 'Pack Combo',
      priceCentavos: 8_000_000,
      regularPriceCentavos: 9_000_000,
      maxInstallments: 3,
    }),
    program({ id: 'prog-oculto', name: 'Programa Oculto', published: false }),
    {
      id: 'curso-comun',
      kind: 'COURSE',
      name: 'Curso Común',
    },
    { id: 'evento-vivo', kind: 'EVENT', name: 'Evento en vivo', eventSeries: 'MASTERCLASSES' },
  ]);
  await app.db.insert(packItems).values([{ packId: 'pack-combo', itemId: 'prog-en-pack', position: 1 }]);
  await app.db.insert(courseModules).values([
    { id: 'pa-m1', courseId: 'prog-abierto', name: 'Bienvenida', order: 1 },
    { id: 'pa-m2', courseId: 'prog-abierto', name: 'Tu plan', order: 2 },
  ]);
  const section = (id: string, moduleId: string, order: number, type: 'CLASS' | 'DOWNLOADABLE_MATERIAL') => ({
    id,
    moduleId,
    courseId: 'prog-abierto',
    order,
    name: `Sección ${id}`,
    type,
    durationSeconds: type === 'CLASS' ? 120 : 0,
    sectionUrl: type === 'CLASS' ? `/media/videos/${id}.mp4` : `materiales/${id}.pdf`,
    mimeType: type === 'CLASS' ? 'video/mp4' : 'application/pdf',
    fileExtension: type === 'CLASS' ? 'mp4' : 'pdf',
  });
  await app.db
    .insert(courseSections)
    .values([
      section('pa-s1', 'pa-m1', 1, 'CLASS'),
      section('pa-s2', 'pa-m1', 2, 'DOWNLOADABLE_MATERIAL'),
      section('pa-s3', 'pa-m2', 1, 'CLASS'),
      section('pa-s4', 'pa-m2', 2, 'CLASS'),
    ]);
}

/**
 * Promo codes of programs (and one of subscriptions, to be refused on a program):
 * - PROG-GRATIS: PROGRAM_FREE for prog-abierto and prog-hosted
 * - PROG-25: PROGRAM_DISCOUNT 25 % on every program
 * - PROG-FUTURO-10: PROGRAM_DISCOUNT 10 % only on prog-futuro
 * - PROG-VENCIDO, PROG-PAUSADO, PROG-BAJA, PROG-AGOTADO, PROG-MEXICO: the usual refusals
 * - PROG-UNICO-GRATIS: PROGRAM_FREE for prog-una-cuota, a single use in all
 * - SUSC-20: a subscription DISCOUNT_COUPON
 */
export async function seedTestProgramPromoCodes(app: FastifyInstance): Promise<void> {
  await app.db.insert(promoCodes).values([
    { code: 'PROG-GRATIS', type: 'PROGRAM_FREE', programIds: ['prog-abierto', 'prog-hosted'] },
    { code: 'PROG-25', type: 'PROGRAM_DISCOUNT', discountPercent: 25 },
    { code: 'PROG-FUTURO-10', type: 'PROGRAM_DISCOUNT', discountPercent: 10, programIds: ['prog-futuro'] },
    { code: 'PROG-VENCIDO', type: 'PROGRAM_DISCOUNT', discountPercent: 10, validUntil: dayOffset(-1) },
    { code: 'PROG-PAUSADO', type: 'PROGRAM_DISCOUNT', discountPercent: 10, active: false },
    { code: 'PROG-BAJA', type: 'PROGRAM_DISCOUNT', discountPercent: 10, disabled: true },
    { code: 'PROG-AGOTADO', type: 'PROGRAM_DISCOUNT', discountPercent: 10, maxUses: 1, uses: 1 },
    { code: 'PROG-MEXICO', type: 'PROGRAM_DISCOUNT', discountPercent: 10, allowedCountryCodes: ['MX'] },
    { code: 'PROG-UNICO-GRATIS', type: 'PROGRAM_FREE', programIds: ['prog-una-cuota'], maxUses: 1 },
    { code: 'SUSC-20', type: 'DISCOUNT_COUPON', discountPercent: 20 },
  ]);
}

/** The test programs and their promo codes. */
export async function seedTestProgramCatalog(app: FastifyInstance): Promise<void> {
  await seedTestPrograms(app);
  await seedTestProgramPromoCodes(app);
}

/** Makes the user a subscriber until a month from now. */
export async function makeSubscriber(app: FastifyInstance, userId: string): Promise<void> {
  await app.db.execute(
    sql`update ${users} set subscription_end_date = ${dayOffset(30)}::date where id = ${userId}`,
  );
}

/** Gives the user a product directly (as an operator or an earlier purchase would). */
export async function givePurchase(
  app: FastifyInstance,
  userId: string,
  productType: 'programs' | 'packs',
  productId: string,
): Promise<void> {
  await app.db.execute(
    sql`insert into user_purchases (user_id, product_type, product_id, source) values (${userId}, ${productType}, ${productId}, 'test')`,
  );
}

/** GET /api/users purchases of the caller. */
export async function purchasesOf(app: FastifyInstance, headers: { authorization: string }) {
  const res = await app.inject({ method: 'GET', url: '/api/users', headers });
  return (res.json() as { purchases: Record<string, string[]> }).purchases;
}

/** POST /api/users/mercadopago/payment/program with a visa card token. */
export async function payProgram(
  app: FastifyInstance,
  headers: { authorization: string },
  payload: { programId: string; cardTokenId: string; installments?: number; promoCode?: string },
) {
  return app.inject({
    method: 'POST',
    url: '/api/users/mercadopago/payment/program',
    headers,
    payload: {
      programId: payload.programId,
      cardDetails: {
        identification: { type: 'DNI', number: '12345678' },
        issuerId: '310',
        paymentMethodId: 'visa',
        cardTokenId: payload.cardTokenId,
      },
      installments: payload.installments ?? 1,
      ...(payload.promoCode ? { promoCode: payload.promoCode } : {}),
    },
  });
}

/** POST /api/users/payment/link: the redirect provider's checkout link of a program. */
export function paymentLink(
  app: FastifyInstance,
  headers: { authorization: string },
  payload: { programId: string; promoCode?: string; [other: string]: unknown },
) {
  return app.inject({ method: 'POST', url: '/api/users/payment/link', headers, payload });
}

/** A user's program orders with their payments, as stored. */
export async function programOrdersOf(app: FastifyInstance, userId: string) {
  const { rows } = await app.db.execute<{
    id: string;
    item_id: string;
    status: string;
    provider: string;
    amount_centavos: number;
    refused_reason: string | null;
    promo_code_id: number | null;
    payments: number;
    granted: number;
  }>(sql`select o.id, o.item_id, o.status, o.provider, o.amount_centavos, o.refused_reason, o.promo_code_id,
                (select count(*)::int from payments p where p.order_id = o.id) as payments,
                (select count(*)::int from payments p where p.order_id = o.id and p.granted_at is not null) as granted
           from payment_orders o where o.user_id = ${userId} and o.kind = 'program' order by o.created_at`);
  return rows;
}

/** How many times the user owns a product (user_purchases rows), whatever the source. */
export async function ownedRows(app: FastifyInstance, userId: string, productId: string): Promise<number> {
  const { rows } = await app.db.execute<{ n: number }>(
    sql`select count(*)::int as n from user_purchases where user_id = ${userId} and product_id = ${productId}`,
  );
  return rows[0]?.n ?? 0;
}

/** uses of a promo code, as stored. */
export async function promoUses(app: FastifyInstance, code: string): Promise<number> {
  const { rows } = await app.db.execute<{ uses: number }>(
    sql`select uses from promo_codes where code = ${code}`,
  );
  return rows[0]?.uses ?? -1;
}

/** The shared secret of the hosted-checkout stand-in in API tests. */
export const HOSTED_SECRET = 'api-tests-hosted-checkout-secret';

export interface ProgramsTestApp extends PaymentsTestApp {
  hosted: RunningHostedCheckout;
}

/**
 * The real app against both providers' stand-ins on loopback: the Mercado Pago emulator and the
 * hosted checkout (the redirect provider). Their webhooks reach the app over real HTTP.
 */
export async function createProgramsTestApp(
  overrides: Record<string, string> = {},
): Promise<ProgramsTestApp> {
  const hosted = await startHostedCheckout({ secret: HOSTED_SECRET });
  try {
    const t = await createPaymentsTestApp({
      HOSTED_CHECKOUT_URL: hosted.url,
      HOSTED_CHECKOUT_SECRET: HOSTED_SECRET,
      ...overrides,
    });
    return {
      ...t,
      hosted,
      close: async () => {
        await hosted.close();
        await t.close();
      },
    };
  } catch (error) {
    await hosted.close();
    throw error;
  }
}

/** A hosted-checkout notification, signed with `secret` at `timestamp` (seconds). */
export function hostedNotification(
  url: string,
  checkoutId: string,
  options: { secret?: string; timestamp?: number; type?: string } = {},
) {
  const body = JSON.stringify({
    id: 'evt_test',
    type: options.type ?? 'checkout.paid',
    data: { id: checkoutId },
  });
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  return fetch(`${url}/api/payments/webhooks/hosted-checkout`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [HOSTED_CHECKOUT_SIGNATURE_HEADER]: hostedCheckoutSignature(
        options.secret ?? HOSTED_SECRET,
        body,
        timestamp,
      ),
    },
    body,
  });
}

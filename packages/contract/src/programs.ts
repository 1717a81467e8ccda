import { z } from 'zod';
import { saleStatusSchema } from './academy';
import { moduleSchema } from './course-viewer';
import { invoiceDocumentSchema } from './invoices';
import { countryCodes } from './rules';

/**
 * Program purchases (spec purchases-payments §3, §4, §7): the checkout preview, card payment with
 * installments, program promo codes, the second (redirect) provider. A "program" here is a
 * PROGRAM or a PACK of the catalogue; both are bought once and land in the user's purchases.
 */

/** Money crosses the API as integer centavos (ARS); the web formats it with es-AR. */
const centavos = z.number().int().nonnegative();

/** An empty promoCode (a blank box) means none. */
const optionalPromoCode = z.preprocess(
  (value) => (value === null || (typeof value === 'string' && value.trim() === '') ? undefined : value),
  z.string().trim().min(1).max(64).optional(),
);

const booleanFlag = z.preprocess((value) => value === true || value === 'true', z.boolean());

/** Catalogue ids are slugs. */
export const programIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(100)
  .regex(/^[a-z0-9][a-z0-9-]*$/i, 'El identificador del programa no es válido.');

/* ---------- GET /academy/program-preview/{programId} (token optional) ---------- */

export const programPreviewParamsSchema = z.object({ programId: programIdSchema });

/**
 * isSubscribed and countryCode only matter for an anonymous caller; with a token the server reads
 * both from the account.
 */
export const programPreviewQuerySchema = z.object({
  isSubscribed: booleanFlag.optional(),
  promoCode: optionalPromoCode,
  countryCode: z.enum(countryCodes).optional(),
});

export const programPreviewSchema = z.object({
  isProgram: z.literal(true),
  id: z.string(),
  type: z.enum(['PROGRAM', 'PACK']),
  name: z.string(),
  thumbnail: z.string().nullable(),
  description: z.string(),
  /** newline separated paragraphs */
  long_description: z.string(),
  /** centavos charged (after the program's own discount and an applied promo code) */
  price: centavos,
  regularPrice: centavos,
  /** percent off the regular price, rounded */
  discountApplied: z.number().int().min(0).max(100),
  /** the promo code that discounted `price`, or null */
  promoCodeApplied: z.string().nullable(),
  modulesAmount: z.number().int(),
  classesAmount: z.number().int(),
  /** YYYY-MM-DD (Argentina), both inclusive; null = open-ended */
  saleable_start_date: z.string().nullable(),
  saleable_end_date: z.string().nullable(),
  saleStatus: saleStatusSchema,
  modules: z.array(moduleSchema),
  isFree: z.boolean(),
  /** the maximum number of installments allowed (1 = single payment) */
  installments: z.number().int().min(1),
  declinedPaymentFormUrl: z.string().nullable(),
  /** the bank-transfer link ('Pagá en cuotas sin interés'): only for the configured program and Argentine users */
  transferPaymentUrl: z.string().nullable(),
});
export type ProgramPreview = z.infer<typeof programPreviewSchema>;

/** internalCode of the preview's errors (spec §8), each with its own dialog in the web. */
export const programPreviewErrorCodes = [
  'NOT_FOUND',
  'ONLY_SUBSCRIBERS',
  'ONLY_UNSUBSCRIBERS',
  'NOT_PROGRAM',
  'ALREADY_PURCHASED',
  'PROMO_CODE',
] as const;
export type ProgramPreviewErrorCode = (typeof programPreviewErrorCodes)[number];

/** Server messages of those errors (the web shows its own dialog texts, PROMO_CODE the server's). */
export const programErrorMessages = {
  NOT_FOUND: 'Programa no encontrado',
  NOT_PROGRAM: 'No es un programa',
  ONLY_SUBSCRIBERS: 'Este programa es exclusivo para suscriptoras.',
  ONLY_UNSUBSCRIBERS: 'Este programa es solo para quienes no tienen una suscripción activa.',
  ALREADY_PURCHASED: '¡Ya lo compraste!',
  OUT_OF_SALE_WINDOW: 'Este programa no está a la venta en este momento.',
  INSTALLMENTS_NOT_ALLOWED: 'Elegí una cantidad de cuotas disponible para este programa.',
  PROGRAM_NOT_FREE: 'Este código no regala el programa: aplicalo en el pago.',
  CHECKOUT_PROVIDER_MISMATCH: 'Este programa se paga desde otro medio de pago.',
  PROGRAM_PAYMENT_PENDING: 'Tenés un pago de este programa en proceso. Te avisamos apenas se acredite.',
} as const;

/* ---------- installment options (for the selector) ---------- */

/** GET /users/mercadopago/payment/program/{programId}/installments?bin&paymentMethodId&promoCode */
export const programInstallmentsQuerySchema = z.object({
  /** the card's first 6 to 8 digits, as MercadoPago.js reports them */
  bin: z.string().regex(/^\d{6,8}$/, 'El número de tarjeta no es válido.'),
  paymentMethodId: z.string().trim().min(1).max(50).optional(),
  promoCode: optionalPromoCode,
});

/** One choice of the selector: interestFree when the rate is zero. */
export const installmentOptionSchema = z.object({
  installments: z.number().int().min(1),
  /** centavos per installment */
  installmentAmount: centavos,
  /** centavos paid in all */
  totalAmount: centavos,
  interestFree: z.boolean(),
  /** the provider's own wording, e.g. "3 cuotas de $ 5.000,00" */
  recommendedMessage: z.string().nullable(),
});
export type InstallmentOption = z.infer<typeof installmentOptionSchema>;

/** The provider's options for this card and price, cut to the program's maximum. */
export const programInstallmentsSchema = z.object({
  maxInstallments: z.number().int().min(1),
  /** centavos the options are computed on (the program's price for this buyer) */
  amount: centavos,
  options: z.array(installmentOptionSchema),
});
export type ProgramInstallments = z.infer<typeof programInstallmentsSchema>;

/* ---------- POST /users/{card-provider}/payment/program ---------- */

export const programPaymentRequestSchema = z.object({
  programId: programIdSchema,
  cardDetails: z.object({
    identification: z.object({
      type: z.string().trim().min(1).max(20),
      number: z.string().trim().min(1).max(30),
    }),
    issuerId: z.preprocess(
      (value) => (typeof value === 'number' ? String(value) : value === '' ? null : value),
      z.string().max(50).nullable().optional(),
    ),
    paymentMethodId: z.string().trim().min(1).max(50),
    /** the card token from MercadoPago.js; single use */
    cardTokenId: z.string().trim().min(1).max(200),
  }),
  installments: z.number().int().min(1).max(36).default(1),
  promoCode: optionalPromoCode,
  /** her DNI for the invoice, optional (decision 0133) */
  invoiceDocument: invoiceDocumentSchema,
});
export type ProgramPaymentRequest = z.infer<typeof programPaymentRequestSchema>;

/**
 * 200 approved (the program is in the user's purchases now) or 202 pending (in process; it lands
 * with the provider's confirmation). A refusal is a 402 PaymentRefusal with refusedReason.
 */
export const programPaymentResponseSchema = z.object({
  status: z.enum(['approved', 'pending']),
  programId: z.string(),
  /** centavos charged in all */
  amount: centavos,
  installments: z.number().int(),
});
export type ProgramPaymentResponse = z.infer<typeof programPaymentResponseSchema>;

/* ---------- program promo codes ---------- */

export const programPromoCodeParamsSchema = z.object({
  programId: programIdSchema,
  code: z.string().trim().min(1, 'Ingrese el código').max(64),
});

/**
 * GET /academy/program/{programId}/promo-code/{code}/availability. FREE: the code gives the program
 * away (activate it); DISCOUNT: reload the preview with the code to see the new price.
 */
export const programPromoAvailabilitySchema = z.object({
  availability: z.enum(['FREE', 'DISCOUNT']),
});
export type ProgramPromoAvailability = z.infer<typeof programPromoAvailabilitySchema>;

/** POST /academy/program/{programId}/promo-code/{code}/activate */
export const programPromoActivationSchema = z.object({
  activated: z.literal(true),
  programId: z.string(),
});

/* ---------- the second (redirect) provider ---------- */

/** GET /users/payment/checkout-provider?programId → 'MP' (card form) or the redirect provider's code. */
export const checkoutProviderQuerySchema = z.object({ programId: programIdSchema });
export const checkoutProviderSchema = z.object({ checkoutProvider: z.string() });

/** The redirect provider's code in our data. */
export const redirectProviderCode = 'HOSTED';

/** POST /users/payment/link → the external checkout the browser goes to. */
export const paymentLinkRequestSchema = z.object({
  programId: programIdSchema,
  promoCode: optionalPromoCode,
});
export const paymentLinkSchema = z.object({ link: z.string() });

/** Error codes of the program purchase endpoints, besides the preview's and the payments core's. */
export const programErrorCodes = [
  'OUT_OF_SALE_WINDOW',
  'INSTALLMENTS_NOT_ALLOWED',
  'PROGRAM_NOT_FREE',
  'CHECKOUT_PROVIDER_MISMATCH',
  /** a card payment of this program is still in process at the provider (409): wait for it */
  'PROGRAM_PAYMENT_PENDING',
] as const;

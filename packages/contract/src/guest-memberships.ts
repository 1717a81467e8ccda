import { z } from 'zod';
import { guestInvalidEmailMessage, guestTiers } from './guest-tiers';
import { invoiceDocumentSchema } from './invoices';
import { emailPattern } from './rules';

/**
 * Guest membership tiers (spec purchases-payments §3, §9): bought without an account through the
 * card provider's redirect checkout (Checkout Pro). An approved payment creates or matches the
 * buyer's account by e-mail and grants access for the tier's duration.
 */

export type { GuestTier } from './guest-tiers';
export {
  guestInvalidEmailMessage,
  guestMaxInstallments,
  guestPurchaseErrorMessage,
  guestTiers,
  guestTierTerms,
} from './guest-tiers';

export const guestTierSchema = z.enum(guestTiers);

const requiredText = (max: number) => z.string().trim().min(1, 'Completá este campo.').max(max);

/**
 * POST /users/{card-provider}/preference — the spec's preference payload. Only items[0].id (the
 * tier) and the payer are read: price, title, back_urls, installments and the other options are
 * the server's.
 */
export const guestPreferenceRequestSchema = z.object({
  items: z
    .array(
      z.looseObject({
        id: guestTierSchema,
        title: z.string().max(200).optional(),
        quantity: z.number().optional(),
        unit_price: z.number().optional(),
      }),
    )
    .min(1)
    .max(1),
  payer: z.object({
    email: z.string().trim().max(254).regex(emailPattern, guestInvalidEmailMessage),
    phone: z.object({ number: z.string().trim().min(6, 'El teléfono no es válido.').max(30) }),
    name: requiredText(100),
    surname: requiredText(100),
  }),
  back_urls: z.looseObject({}).optional(),
  binary_mode: z.boolean().optional(),
  payment_methods: z.looseObject({}).optional(),
  auto_return: z.string().max(20).optional(),
  /** her DNI for the invoice, optional (decision 0133); not part of the provider's preference */
  invoiceDocument: invoiceDocumentSchema,
});
export type GuestPreferenceRequest = z.infer<typeof guestPreferenceRequestSchema>;

export const guestPreferenceResponseSchema = z.object({ init_point: z.string() });
export type GuestPreferenceResponse = z.infer<typeof guestPreferenceResponseSchema>;

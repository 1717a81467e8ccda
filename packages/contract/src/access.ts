import { z } from 'zod';
import { accountPaymentSchema } from './account';

/*
 * Mi cuenta › Cobros y accesos (issue 27, decision 0093): her card agreements, each with its own
 * actions, and every grant she has, whatever gave it.
 */

/** What gave a grant: her card agreement, a guest membership, a promo code, an operator, a program purchase, access from before the grants. */
export const grantOrigins = [
  'card',
  'guest_purchase',
  'promo_code',
  'operator',
  'program_purchase',
  'legacy',
] as const;
export type GrantOrigin = (typeof grantOrigins)[number];

export const accountAgreementSchema = z.object({
  /** the order's id */
  id: z.string(),
  plan: z.object({ id: z.string(), name: z.string() }),
  /** monthly, annual, … */
  frequency: z.string().nullable(),
  /** trial, active, past_due (a refused renewal, in grace): it charges; cancelled: it no longer does */
  status: z.enum(['trial', 'active', 'past_due', 'cancelled']),
  /** centavos charged per period */
  amount: z.number().int(),
  /** YYYY-MM-DD: its next charge, null once cancelled (or in grace: the provider retries on its own) */
  nextChargeDate: z.string().nullable(),
  /** centavos of that charge: the new price when a price change applies to it (null with no date) */
  nextChargeAmount: z.number().int().nullable(),
  /** YYYY-MM-DD: the last day of the period it paid (its own grant), whatever else she has */
  paidUntil: z.string().nullable(),
  card: z.object({ brand: z.string(), lastFour: z.string() }).nullable(),
  cancellationCode: z.string().nullable(),
  /** what she can do with it: cancel and changeCard use /users/me/subscription/…; withdraw this payment with /users/me/withdrawals */
  actions: z.object({ cancel: z.boolean(), changeCard: z.boolean() }),
  /** its payment still inside the 10 days of the botón de arrepentimiento, else null */
  withdrawablePayment: accountPaymentSchema.nullable(),
});
export type AccountAgreement = z.infer<typeof accountAgreementSchema>;

export const accountGrantSchema = z.object({
  id: z.string(),
  kind: z.enum(['plan', 'program', 'pack', 'private_community']),
  /** the plan's (or the program's) id and name */
  product: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** YYYY-MM-DD, Argentina dates; `until` null: no end */
  from: z.string(),
  until: z.string().nullable(),
  origin: z.enum(grantOrigins),
  /** running today, upcoming (starts later: queued after what she has), ended */
  state: z.enum(['running', 'upcoming', 'ended']),
  /** why an ended grant ended before its time: withdrawal, refund, upgrade, expired, operator, account_deleted */
  endedReason: z.string().nullable(),
});
export type AccountGrant = z.infer<typeof accountGrantSchema>;

/** GET /users/me/access: every agreement that charges (or charged) her card and every grant she has. */
export const accountAccessSchema = z.object({
  agreements: z.array(accountAgreementSchema),
  grants: z.array(accountGrantSchema),
});
export type AccountAccess = z.infer<typeof accountAccessSchema>;

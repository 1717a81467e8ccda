import { z } from 'zod';
import { uuidSchema } from './ids';

/*
 * Mis Cuentas (issue 43): her money in pesos and dollars. Amounts are integers of minor units
 * (centavos for ARS, cents for USD); rates are decimal strings; dates are calendar days
 * (YYYY-MM-DD) in America/Argentina/Buenos_Aires.
 */

export const pfmCurrencies = ['ARS', 'USD'] as const;
export type PfmCurrency = (typeof pfmCurrencies)[number];
export const pfmAccountKinds = ['efectivo', 'banco', 'mercado_pago', 'dolares'] as const;
export type PfmAccountKind = (typeof pfmAccountKinds)[number];
export const pfmAccountKindNames: Record<PfmAccountKind, string> = {
  efectivo: 'Efectivo',
  banco: 'Banco',
  mercado_pago: 'Mercado Pago',
  dolares: 'Dólares',
};
/** The rates she can value her money at (decision 0341). */
export const pfmRateKinds = ['oficial', 'mep', 'blue', 'tarjeta'] as const;
export type PfmRateKind = (typeof pfmRateKinds)[number];
export const pfmRateNames: Record<PfmRateKind, string> = {
  oficial: 'Oficial',
  mep: 'MEP',
  blue: 'Blue',
  tarjeta: 'Tarjeta',
};

/** The largest amount accepted anywhere: $ 10.000 millones, in minor units. */
export const pfmMaxMinor = 1_000_000_000_000;
export const pfmMaxInstallments = 72;

export const pfmDefaultCategories = [
  'Supermercado',
  'Servicios',
  'Transporte',
  'Salud',
  'Educación',
  'Ropa',
  'Salidas',
  'Hogar',
  'Sueldo',
  'Otros',
] as const;

/* Its error codes are in the error catalogue (errors.ts, "Mis Cuentas (pfm)"). */

const currency = z.enum(pfmCurrencies, 'Elegí pesos (ARS) o dólares (USD).');
const day = z.iso.date('Usá una fecha válida (AAAA-MM-DD).');
const name = z.string().trim().min(1, 'Escribí un nombre.').max(60, 'Usá hasta 60 caracteres.');
const category = z.string().trim().min(1, 'Elegí una categoría.').max(40, 'Usá hasta 40 caracteres.');
/** A positive amount in minor units, below the ceiling. */
const positiveMinor = z
  .number('Escribí un importe.')
  .int('El importe va en centavos, sin decimales.')
  .positive('El importe tiene que ser mayor que cero.')
  .max(pfmMaxMinor, 'El importe es demasiado grande.');
/** A signed amount in minor units (negative: money out). */
const signedMinor = z
  .number('Escribí un importe.')
  .int('El importe va en centavos, sin decimales.')
  .min(-pfmMaxMinor, 'El importe es demasiado grande.')
  .max(pfmMaxMinor, 'El importe es demasiado grande.')
  .refine((value) => value !== 0, 'El importe no puede ser cero.');
/** A percentage as text: "45", "3.5" (decimal point), 0 to 1000. */
const percent = z
  .string()
  .trim()
  .regex(/^\d{1,4}(\.\d{1,4})?$/, 'Escribí un porcentaje, por ejemplo 45 o 3.5.')
  .refine((value) => Number(value) <= 1000, 'El porcentaje es demasiado alto.');
const dayOfMonth = z
  .number('Elegí un día.')
  .int('Elegí un día del 1 al 31.')
  .min(1, 'Elegí un día del 1 al 31.')
  .max(31, 'Elegí un día del 1 al 31.');

export const pfmIdParamsSchema = z.object({ id: uuidSchema });

/* ---------- accounts ---------- */

export const pfmAccountInputSchema = z.object({
  name,
  kind: z.enum(pfmAccountKinds, 'Elegí efectivo, banco, Mercado Pago o dólares.'),
  currency,
  /** what it held when she started counting, minor units (may be negative: an overdraft) */
  openingBalanceMinor: z
    .number()
    .int('El importe va en centavos, sin decimales.')
    .min(-pfmMaxMinor, 'El importe es demasiado grande.')
    .max(pfmMaxMinor, 'El importe es demasiado grande.')
    .default(0),
});
export const pfmAccountSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(pfmAccountKinds),
  currency: z.enum(pfmCurrencies),
  openingBalanceMinor: z.number().int(),
  balanceMinor: z.number().int(),
});
export type PfmAccount = z.infer<typeof pfmAccountSchema>;

/* ---------- cards ---------- */

export const pfmCardInputSchema = z.object({
  name,
  /** the day of the month the statement closes (31 = the month's last day) */
  closingDay: dayOfMonth,
  /** the day of the month the statement is due */
  dueDay: dayOfMonth,
});
export const pfmCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  closingDay: z.number().int(),
  dueDay: z.number().int(),
});
export type PfmCard = z.infer<typeof pfmCardSchema>;

/* ---------- movements and rules ---------- */

export const pfmMovementInputSchema = z.object({
  accountId: uuidSchema,
  occurredOn: day,
  description: z.string().trim().min(1, 'Escribí una descripción.').max(120, 'Usá hasta 120 caracteres.'),
  /** negative: money out; positive: money in; in the account's currency */
  amountMinor: signedMinor,
  currency,
  /** absent: her rules choose (else "Otros") */
  category: category.optional(),
});
export const pfmMovementPatchSchema = z.object({ category });
export const pfmMovementSchema = z.object({
  id: z.string(),
  accountId: z.string(),
  occurredOn: z.string(),
  description: z.string(),
  amountMinor: z.number().int(),
  currency: z.enum(pfmCurrencies),
  category: z.string(),
});
export type PfmMovement = z.infer<typeof pfmMovementSchema>;
export const pfmMovementsQuerySchema = z.object({
  /** YYYY-MM: the month to list (default: this month in Buenos Aires) */
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Usá un mes válido (AAAA-MM).')
    .optional(),
});

export const pfmMovementListSchema = z.object({ month: z.string(), movements: z.array(pfmMovementSchema) });

export const pfmRuleInputSchema = z.object({
  contains: z.string().trim().min(2, 'Escribí al menos 2 letras.').max(60, 'Usá hasta 60 caracteres.'),
  category,
});
export const pfmRuleSchema = z.object({ id: z.string(), contains: z.string(), category: z.string() });
export type PfmRule = z.infer<typeof pfmRuleSchema>;

/* ---------- card purchases in cuotas and statements ---------- */

export const pfmPurchaseInputSchema = z.object({
  occurredOn: day,
  description: z.string().trim().min(1, 'Escribí una descripción.').max(120, 'Usá hasta 120 caracteres.'),
  /** the price (cash), minor units */
  amountMinor: positiveMinor,
  currency,
  installments: z
    .number('Elegí la cantidad de cuotas.')
    .int('Las cuotas son un número entero.')
    .min(1, 'Elegí al menos 1 cuota.')
    .max(pfmMaxInstallments, `Elegí hasta ${pfmMaxInstallments} cuotas.`),
  /** the card's annual nominal rate (TNA, %) for cuotas with interest; absent or "0": sin interés */
  annualRatePercent: percent.optional(),
  category: category.optional(),
});
export const pfmInstallmentSchema = z.object({
  number: z.number().int(),
  amountMinor: z.number().int(),
  /** the closing date of the statement it falls in */
  statementClosing: z.string(),
});
export const pfmPurchaseSchema = z.object({
  id: z.string(),
  cardId: z.string(),
  occurredOn: z.string(),
  description: z.string(),
  amountMinor: z.number().int(),
  totalMinor: z.number().int(),
  currency: z.enum(pfmCurrencies),
  installments: z.number().int(),
  annualRatePercent: z.string(),
  category: z.string(),
  schedule: z.array(pfmInstallmentSchema),
});
export type PfmPurchase = z.infer<typeof pfmPurchaseSchema>;

export const pfmStatementSchema = z.object({
  closingDate: z.string(),
  dueDate: z.string(),
  /** per currency, minor units */
  owedMinor: z.object({ ARS: z.number().int(), USD: z.number().int() }),
  paid: z.boolean(),
  paidOn: z.string().nullable(),
  items: z.array(
    z.object({
      purchaseId: z.string(),
      description: z.string(),
      number: z.number().int(),
      of: z.number().int(),
      amountMinor: z.number().int(),
      currency: z.enum(pfmCurrencies),
    }),
  ),
});
export type PfmStatement = z.infer<typeof pfmStatementSchema>;
export const pfmStatementsSchema = z.object({
  card: pfmCardSchema,
  /** unpaid statements already closed, then the coming ones, oldest first (at most 6 shown) */
  statements: z.array(pfmStatementSchema),
  /** what is committed in statements after those shown */
  committedLaterMinor: z.object({ ARS: z.number().int(), USD: z.number().int() }),
});
export type PfmStatements = z.infer<typeof pfmStatementsSchema>;
export const pfmStatementParamsSchema = z.object({ id: uuidSchema, closingDate: day });
export const pfmStatementPaymentInputSchema = z.object({
  /** the account she paid from: a movement for the statement's amount in its currency */
  accountId: uuidSchema.optional(),
  paidOn: day.optional(),
});

/* ---------- rates and totals ---------- */

export const pfmRateSchema = z.object({
  kind: z.enum(pfmRateKinds),
  /** pesos per dollar, decimal text */
  buy: z.string().nullable(),
  sell: z.string(),
  /** who published it, e.g. "BCRA (Com. A 3500)" or "DolarApi (cotización de mercado)" */
  source: z.string(),
  /** when the source dated it (ISO) */
  asOf: z.string(),
  /** true when the cached value is older than its freshness: shown as "desactualizada" */
  stale: z.boolean(),
  /** seconds since we fetched it */
  ageSeconds: z.number().int(),
});
export type PfmRate = z.infer<typeof pfmRateSchema>;
export const pfmRatesSchema = z.object({ rates: z.array(pfmRateSchema) });

export const pfmTotalsQuerySchema = z.object({
  rate: z.enum(pfmRateKinds, 'Elegí oficial, MEP, blue o tarjeta.').default('mep'),
});
export const pfmTotalsSchema = z.object({
  /** per currency, what her accounts hold */
  byCurrency: z.object({ ARS: z.number().int(), USD: z.number().int() }),
  /** everything in pesos and in dollars at `rate` (null when no rate could be read yet) */
  totalArsMinor: z.number().int().nullable(),
  totalUsdMinor: z.number().int().nullable(),
  rate: pfmRateSchema.nullable(),
});
export type PfmTotals = z.infer<typeof pfmTotalsSchema>;

/* ---------- the overview: her whole space in one answer ---------- */

export const pfmOverviewSchema = z.object({
  today: z.string(),
  accounts: z.array(pfmAccountSchema),
  cards: z.array(pfmCardSchema),
  rules: z.array(pfmRuleSchema),
  categories: z.array(z.string()),
});
export type PfmOverview = z.infer<typeof pfmOverviewSchema>;

/* ---------- calculators ---------- */

export const pfmDiscountRateKinds = ['plazo_fijo', 'fci_money_market', 'inflacion'] as const;
export type PfmDiscountRateKind = (typeof pfmDiscountRateKinds)[number];

export const pfmCuotasOContadoInputSchema = z.object({
  /** the cash price, minor units */
  cashMinor: positiveMinor,
  installments: z
    .number('Elegí la cantidad de cuotas.')
    .int('Las cuotas son un número entero.')
    .min(1, 'Elegí al menos 1 cuota.')
    .max(pfmMaxInstallments, `Elegí hasta ${pfmMaxInstallments} cuotas.`),
  /** each cuota, minor units */
  installmentMinor: positiveMinor,
  rateKind: z.enum(pfmDiscountRateKinds, 'Elegí plazo fijo, FCI money market o inflación esperada.'),
  /** plazo fijo / FCI: TNA (%); inflación: expected monthly inflation (%) */
  ratePercent: percent,
});
export const pfmCuotasOContadoSchema = z.object({
  monthlyRate: z.string(),
  totalInstallmentsMinor: z.number().int(),
  presentValueMinor: z.number().int(),
  cashMinor: z.number().int(),
  /** presentValue − cash: negative means the cuotas are worth less today than paying cash */
  differenceMinor: z.number().int(),
  cheaper: z.enum(['cuotas', 'contado', 'igual']),
  /** each cuota discounted: the working shown */
  steps: z.array(
    z.object({
      number: z.number().int(),
      amountMinor: z.number().int(),
      factor: z.string(),
      presentValueMinor: z.number().int(),
    }),
  ),
  /** the class that explains it */
  lesson: z.object({ title: z.string(), href: z.string() }).nullable(),
});
export type PfmCuotasOContado = z.infer<typeof pfmCuotasOContadoSchema>;

/* ---------- her data export ---------- */

export const pfmExportSchema = z.object({
  accounts: z.array(pfmAccountSchema),
  cards: z.array(pfmCardSchema),
  movements: z.array(pfmMovementSchema),
  rules: z.array(pfmRuleSchema),
  purchases: z.array(pfmPurchaseSchema),
  statementPayments: z.array(
    z.object({
      cardId: z.string(),
      closingDate: z.string(),
      paidOn: z.string(),
      paidMinor: z.record(z.string(), z.number()),
    }),
  ),
});
export type PfmExport = z.infer<typeof pfmExportSchema>;

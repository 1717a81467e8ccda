import type { CreatePromoCodesRequest, PromoCodeType } from '@alcancia/contract/admin';

/**
 * The "Crear códigos" form's draft (text as typed), the request it makes and the problems the
 * form shows before asking the API — the same rules as the contract's createPromoCodesRequestSchema
 * (the API checks them again), without bringing zod into the page.
 */
export interface PromoCodeDraft {
  mode: 'one' | 'batch';
  code: string;
  count: string;
  prefix: string;
  type: PromoCodeType;
  description: string;
  freeMonths: string;
  freeDays: string;
  planId: string;
  discountPercent: string;
  /** picked by name (issue 40) */
  planIds: string[];
  frequencies: string[];
  /** picked by name (issue 40) */
  programIds: string[];
  countries: string[];
  validFrom: string;
  validUntil: string;
  maxUses: string;
  paused: boolean;
}

export const emptyPromoCodeDraft: PromoCodeDraft = {
  mode: 'one',
  code: '',
  count: '10',
  prefix: '',
  type: 'DISCOUNT_COUPON',
  description: '',
  freeMonths: '',
  freeDays: '',
  planId: '',
  discountPercent: '',
  planIds: [],
  frequencies: [],
  programIds: [],
  countries: [],
  validFrom: '',
  validUntil: '',
  maxUses: '',
  paused: false,
};

export const frequencyLabels: [string, string][] = [
  ['monthly', 'Mensual'],
  ['annual', 'Anual'],
  ['quarterly', 'Trimestral'],
  ['semester', 'Semestral'],
  ['bimonthly', 'Bimestral'],
  ['fourMonthly', 'Cuatrimestral'],
  ['fortnightly', 'Quincenal'],
  ['weekly', 'Semanal'],
];

/** "" → undefined; digits → the number */
const whole = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** Plans and frequencies apply to subscription codes; programs to program codes. */
export const isSubscriptionType = (type: PromoCodeType) =>
  type === 'FREE_PERIOD' || type === 'DISCOUNT_COUPON';

export function promoCodeRequestOf(d: PromoCodeDraft): CreatePromoCodesRequest {
  const freePeriod = d.type === 'FREE_PERIOD';
  const discount = d.type === 'DISCOUNT_COUPON' || d.type === 'PROGRAM_DISCOUNT';
  return {
    ...(d.mode === 'one'
      ? { code: d.code.trim() }
      : { batch: { count: Number(d.count), prefix: d.prefix.trim() } }),
    type: d.type,
    description: d.description.trim(),
    freeMonths: freePeriod ? whole(d.freeMonths) : undefined,
    freeDays: freePeriod ? whole(d.freeDays) : undefined,
    planId: (freePeriod && d.planId.trim()) || undefined,
    discountPercent: discount ? whole(d.discountPercent) : undefined,
    planIds: d.type === 'DISCOUNT_COUPON' ? d.planIds : [],
    frequencies: (d.type === 'DISCOUNT_COUPON'
      ? d.frequencies
      : []) as CreatePromoCodesRequest['frequencies'],
    programIds: isSubscriptionType(d.type) ? [] : d.programIds,
    allowedCountryCodes: d.countries as CreatePromoCodesRequest['allowedCountryCodes'],
    validFrom: d.validFrom || undefined,
    validUntil: d.validUntil || undefined,
    maxUses: whole(d.maxUses),
    active: !d.paused,
  };
}

const inRange = (text: string, min: number, max: number) => {
  const value = Number(text);
  return /^\d+$/.test(text.trim()) && value >= min && value <= max;
};

/** Problems by field name (the form's field keys); empty when the draft may be sent. */
export function promoCodeDraftProblems(d: PromoCodeDraft): Record<string, string> {
  const problems: Record<string, string> = {};
  if (d.mode === 'one') {
    if (!/^[A-Za-z0-9][A-Za-z0-9_-]{2,39}$/.test(d.code.trim())) {
      problems.code = 'De 3 a 40 letras, números, guiones o guiones bajos.';
    }
  } else {
    if (!inRange(d.count, 1, 1000)) problems.batch = 'Entre 1 y 1000 códigos.';
    if (!/^[A-Za-z0-9]{0,20}$/.test(d.prefix.trim())) problems.prefix = 'Hasta 20 letras o números.';
  }
  if (d.description.trim().length > 300) problems.description = 'Hasta 300 caracteres.';
  if (d.type === 'FREE_PERIOD') {
    if (d.freeMonths.trim() && !inRange(d.freeMonths, 0, 36)) problems.freeMonths = 'De 0 a 36 meses.';
    if (d.freeDays.trim() && !inRange(d.freeDays, 0, 366)) problems.freeDays = 'De 0 a 366 días.';
    else if ((Number(d.freeMonths) || 0) + (Number(d.freeDays) || 0) <= 0) {
      problems.freeDays = 'Indicá los meses o días gratis.';
    }
  }
  if ((d.type === 'DISCOUNT_COUPON' || d.type === 'PROGRAM_DISCOUNT') && !inRange(d.discountPercent, 1, 99)) {
    problems.discountPercent = 'Indicá un descuento de 1 a 99 %.';
  }
  const isDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);
  if (d.validFrom && !isDay(d.validFrom)) problems.validFrom = 'Escribí la fecha como dd/mm/aaaa.';
  if (d.validUntil && !isDay(d.validUntil)) problems.validUntil = 'Escribí la fecha como dd/mm/aaaa.';
  else if (d.validFrom && d.validUntil && d.validFrom > d.validUntil) {
    problems.validUntil = 'La fecha de fin no puede ser anterior a la de inicio.';
  }
  if (d.maxUses.trim() && !inRange(d.maxUses, 1, 1_000_000)) problems.maxUses = 'De 1 a 1.000.000 usos.';
  return problems;
}

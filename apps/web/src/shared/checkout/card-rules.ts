/**
 * Pure rules of the card form: formatting while typing, validation with Spanish messages, the
 * card brand, and Mercado Pago's card-token error causes mapped to fields. No browser needed.
 */
import type { IdentificationType, PaymentMethod } from './mercadopago';

export interface CardValues {
  cardNumber: string;
  cardholderName: string;
  /** MM/AA */
  expiry: string;
  securityCode: string;
  identificationType: string;
  identificationNumber: string;
}

export type CardField = keyof CardValues;
export type CardErrors = Partial<Record<CardField, string>>;

export const emptyCardValues: CardValues = {
  cardNumber: '',
  cardholderName: '',
  expiry: '',
  securityCode: '',
  identificationType: 'DNI',
  identificationNumber: '',
};

/** The order fields appear in, so the first invalid one gets the focus. */
export const cardFieldOrder: readonly CardField[] = [
  'cardNumber',
  'cardholderName',
  'expiry',
  'securityCode',
  'identificationType',
  'identificationNumber',
];

export const cardTexts = {
  cardNumberEmpty: 'Ingresá el número de tu tarjeta.',
  cardNumberInvalid: 'Revisá el número de la tarjeta: no es válido.',
  nameEmpty: 'Ingresá el nombre tal como figura en la tarjeta.',
  nameInvalid: 'El nombre solo puede tener letras y espacios.',
  expiryEmpty: 'Ingresá la fecha de vencimiento (MM/AA).',
  expiryInvalid: 'Ingresá una fecha válida, con el formato MM/AA.',
  expiryPast: 'La tarjeta está vencida. Revisá la fecha.',
  securityCodeEmpty: 'Ingresá el código de seguridad.',
  securityCodeLength: (length: number) => `El código de seguridad tiene ${length} números.`,
  documentTypeEmpty: 'Elegí el tipo de documento.',
  documentEmpty: 'Ingresá el número de documento.',
  documentLength: (min: number, max: number) =>
    min === max
      ? `El número de documento tiene ${min} números.`
      : `El número de documento tiene entre ${min} y ${max} números.`,
  tokenGeneric: 'No pudimos validar los datos de la tarjeta. Revisalos e intentá de nuevo.',
} as const;

export const onlyDigits = (value: string) => value.replace(/\D/g, '');

export interface CardBrand {
  id: string;
  name: string;
  numberLength: number;
  securityCodeLength: number;
}

/** A first guess from the number itself, until (or when) Mercado Pago cannot tell the brand. */
export function guessBrand(digits: string): CardBrand | null {
  if (/^3[47]/.test(digits))
    return { id: 'amex', name: 'American Express', numberLength: 15, securityCodeLength: 4 };
  if (/^4/.test(digits)) return { id: 'visa', name: 'Visa', numberLength: 16, securityCodeLength: 3 };
  if (/^(5[1-5]|2[2-7])/.test(digits)) {
    return { id: 'master', name: 'Mastercard', numberLength: 16, securityCodeLength: 3 };
  }
  return null;
}

/** The brand as Mercado Pago describes it (getPaymentMethods by bin). */
export function brandOf(method: PaymentMethod, digits: string): CardBrand {
  const guess = guessBrand(digits);
  const settings = method.settings?.[0];
  return {
    id: method.id,
    name: method.name,
    numberLength: settings?.card_number?.length ?? guess?.numberLength ?? 16,
    securityCodeLength: settings?.security_code?.length ?? guess?.securityCodeLength ?? 3,
  };
}

/** "4509953566233704" → "4509 9535 6623 3704"; American Express as 4-6-5. At most 19 digits. */
export function formatCardNumber(input: string): string {
  const digits = onlyDigits(input).slice(0, 19);
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  const parts: string[] = [];
  let start = 0;
  for (const size of groups) {
    if (start >= digits.length) break;
    parts.push(digits.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/**
 * "1130" → "11/30" while typing; a single-digit month above 1 gets its 0 ("4" → "04/"). When the
 * user deletes the slash (`previous` was longer) it is not added back.
 */
export function formatExpiry(input: string, previous = ''): string {
  let digits = onlyDigits(input).slice(0, 4);
  if (digits.length === 1 && digits > '1') digits = `0${digits}`;
  if (digits.length === 2 && input.length < previous.length) return digits;
  if (digits.length >= 2) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return digits;
}

/** "11/30" → month "11", year "2030"; null when it is not a month and a two-digit year. */
export function parseExpiry(value: string): { month: string; year: string } | null {
  const match = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(value);
  if (!match?.[1] || !match[2]) return null;
  const month = Number(match[1]);
  if (month < 1 || month > 12) return null;
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return { month: String(month).padStart(2, '0'), year: String(year) };
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i -= 1) {
    let digit = Number(digits[i]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

const namePattern = /^[\p{L}][\p{L}' .-]*$/u;

/** Field errors of the values (whether or not the field was touched yet). */
export function cardErrors(
  values: CardValues,
  context: { brand: CardBrand | null; documentTypes: readonly IdentificationType[]; now?: Date },
): CardErrors {
  const errors: CardErrors = {};
  const digits = onlyDigits(values.cardNumber);
  const brand = context.brand ?? guessBrand(digits);
  if (!digits) errors.cardNumber = cardTexts.cardNumberEmpty;
  else if (
    digits.length < 13 ||
    digits.length > 19 ||
    !passesLuhn(digits) ||
    (brand !== null && digits.length !== brand.numberLength)
  ) {
    errors.cardNumber = cardTexts.cardNumberInvalid;
  }

  const name = values.cardholderName.trim();
  if (!name) errors.cardholderName = cardTexts.nameEmpty;
  else if (!namePattern.test(name)) errors.cardholderName = cardTexts.nameInvalid;

  if (!values.expiry.trim()) errors.expiry = cardTexts.expiryEmpty;
  else {
    const expiry = parseExpiry(values.expiry);
    if (!expiry) errors.expiry = cardTexts.expiryInvalid;
    else {
      const now = context.now ?? new Date();
      const current = now.getFullYear() * 12 + now.getMonth();
      if (Number(expiry.year) * 12 + Number(expiry.month) - 1 < current) errors.expiry = cardTexts.expiryPast;
    }
  }

  const code = values.securityCode.trim();
  const codeLength = brand?.securityCodeLength ?? null;
  if (!code) errors.securityCode = cardTexts.securityCodeEmpty;
  else if (
    !/^\d+$/.test(code) ||
    (codeLength ? code.length !== codeLength : code.length < 3 || code.length > 4)
  ) {
    errors.securityCode = cardTexts.securityCodeLength(codeLength ?? 3);
  }

  if (!values.identificationType) errors.identificationType = cardTexts.documentTypeEmpty;
  const document = onlyDigits(values.identificationNumber);
  if (!values.identificationNumber.trim()) errors.identificationNumber = cardTexts.documentEmpty;
  else {
    const type = context.documentTypes.find((t) => t.id === values.identificationType);
    const min = type?.min_length ?? 5;
    const max = type?.max_length ?? 20;
    if (document.length < min || document.length > max) {
      errors.identificationNumber = cardTexts.documentLength(min, max);
    }
  }
  return errors;
}

/** A rejected MercadoPago.js call: the stand-in and the real library reject with cause lists. */
interface Cause {
  code?: string | number;
  message?: string;
}

const causeFields: Record<string, CardField> = {
  '205': 'cardNumber',
  E301: 'cardNumber',
  '208': 'expiry',
  '209': 'expiry',
  '325': 'expiry',
  '326': 'expiry',
  '221': 'cardholderName',
  '316': 'cardholderName',
  '224': 'securityCode',
  E302: 'securityCode',
  E203: 'securityCode',
  '212': 'identificationType',
  '322': 'identificationType',
  '214': 'identificationNumber',
  '324': 'identificationNumber',
};

const causeTexts: Record<CardField, string> = {
  cardNumber: cardTexts.cardNumberInvalid,
  cardholderName: cardTexts.nameEmpty,
  expiry: cardTexts.expiryInvalid,
  securityCode: cardTexts.securityCodeEmpty,
  identificationType: cardTexts.documentTypeEmpty,
  identificationNumber: cardTexts.documentEmpty,
};

function causesOf(error: unknown): Cause[] {
  if (Array.isArray(error)) return error as Cause[];
  if (error && typeof error === 'object' && Array.isArray((error as { cause?: unknown }).cause)) {
    return (error as { cause: Cause[] }).cause;
  }
  return [];
}

/** Field errors for a failed createCardToken, and a general message when no field is to blame. */
export function tokenErrors(error: unknown): { fields: CardErrors; general: string | null } {
  const fields: CardErrors = {};
  for (const cause of causesOf(error)) {
    const field = causeFields[String(cause.code ?? '')];
    if (field && !fields[field]) {
      fields[field] =
        field === 'securityCode' && String(cause.code) === 'E302'
          ? 'El código de seguridad no es válido.'
          : causeTexts[field];
    }
  }
  return { fields, general: Object.keys(fields).length > 0 ? null : cardTexts.tokenGeneric };
}

/** The first eight digits (Mercado Pago reads brand and issuer from them). */
export function binOf(cardNumber: string): string {
  return onlyDigits(cardNumber).slice(0, 8);
}

import type { CardBrand } from './types';

// The card catalogue of the emulator: which brand a BIN belongs to, each brand's number and
// security-code lengths, and the single (invented) issuer each brand has here.

export interface BrandInfo {
  id: CardBrand;
  name: string;
  pattern: RegExp;
  numberLength: number;
  securityCodeLength: number;
  securityCodeLocation: 'back' | 'front';
  issuer: { id: number; name: string };
}

export const BRANDS: readonly BrandInfo[] = [
  {
    id: 'visa',
    name: 'Visa',
    pattern: /^4/,
    numberLength: 16,
    securityCodeLength: 3,
    securityCodeLocation: 'back',
    issuer: { id: 310, name: 'Visa Argentina (emulador)' },
  },
  {
    id: 'master',
    name: 'Mastercard',
    pattern: /^(5[0-5]|2(2[2-9]|[3-6]\d|7[01]|720))/,
    numberLength: 16,
    securityCodeLength: 3,
    securityCodeLocation: 'back',
    issuer: { id: 3, name: 'Mastercard (emulador)' },
  },
  {
    id: 'amex',
    name: 'American Express',
    pattern: /^3[47]/,
    numberLength: 15,
    securityCodeLength: 4,
    securityCodeLocation: 'front',
    issuer: { id: 311, name: 'American Express (emulador)' },
  },
];

/** Mercado Pago's documented Argentine test cards. */
export const TEST_CARDS: Record<CardBrand, { number: string; securityCode: string }> = {
  visa: { number: '4509953566233704', securityCode: '123' },
  master: { number: '5031755734530604', securityCode: '123' },
  amex: { number: '371180303257522', securityCode: '1234' },
};

export function brandOfBin(bin: string): BrandInfo | undefined {
  return BRANDS.find((brand) => brand.pattern.test(bin));
}

export function brandById(id: string): BrandInfo | undefined {
  return BRANDS.find((brand) => brand.id === id);
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  let double = false;
  for (let i = digits.length - 1; i >= 0; i--) {
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

/** One entry of `GET /v1/payment_methods/search`, as MercadoPago.js `getPaymentMethods` returns it. */
export function paymentMethodResult(brand: BrandInfo) {
  const thumbnail = `https://www.mercadopago.com/org-img/MP3/API/logos/${brand.id}.gif`;
  return {
    id: brand.id,
    name: brand.name,
    payment_type_id: 'credit_card',
    status: 'active',
    secure_thumbnail: thumbnail,
    thumbnail,
    deferred_capture: 'supported',
    settings: [
      {
        card_number: { length: brand.numberLength, validation: 'standard' },
        bin: {
          pattern: brand.pattern.source,
          installments_pattern: brand.pattern.source,
          exclusion_pattern: null,
        },
        security_code: {
          length: brand.securityCodeLength,
          card_location: brand.securityCodeLocation,
          mode: 'mandatory',
        },
      },
    ],
    additional_info_needed: [
      'cardholder_name',
      'cardholder_identification_type',
      'cardholder_identification_number',
    ],
    min_allowed_amount: 0.5,
    max_allowed_amount: 10000000,
    accreditation_time: 0,
    financial_institutions: [],
    processing_modes: ['aggregator'],
    processing_mode: 'aggregator',
    issuer: { id: brand.issuer.id, name: brand.issuer.name, default: true },
    site_id: 'MLA',
    marketplace: 'NONE',
    labels: [],
  };
}

export function issuerResult(brand: BrandInfo) {
  const thumbnail = `https://www.mercadopago.com/org-img/MP3/API/logos/${brand.id}.gif`;
  return {
    id: String(brand.issuer.id),
    name: brand.issuer.name,
    secure_thumbnail: thumbnail,
    thumbnail,
    processing_mode: 'aggregator',
    merchant_account_id: null,
  };
}

/** Argentina's identification types, as `GET /v1/identification_types` lists them. */
export const IDENTIFICATION_TYPES = [
  { id: 'DNI', name: 'DNI', type: 'number', min_length: 7, max_length: 8 },
  { id: 'CI', name: 'Cédula', type: 'number', min_length: 1, max_length: 9 },
  { id: 'LC', name: 'L.C.', type: 'number', min_length: 6, max_length: 7 },
  { id: 'LE', name: 'L.E.', type: 'number', min_length: 6, max_length: 7 },
  { id: 'Otro', name: 'Otro', type: 'number', min_length: 5, max_length: 20 },
];

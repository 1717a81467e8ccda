import { describe, expect, it } from 'vitest';
import {
  brandOf,
  type CardValues,
  cardErrors,
  cardTexts,
  formatCardNumber,
  formatExpiry,
  guessBrand,
  parseExpiry,
  passesLuhn,
  tokenErrors,
} from './card-rules';
import { installmentError, toInstallmentOptions } from './installments';
import type { InstallmentsResult } from './mercadopago';

/** The emulator's answer for 1000 pesos: 1 and 3 interest-free, 6 at 20 %, 12 at 45 %. */
const fallbackInstallments: InstallmentsResult[] = [
  {
    payment_method_id: 'visa',
    payer_costs: [
      { installments: 12, installment_rate: 45, installment_amount: 120.83, total_amount: 1450 },
      { installments: 1, installment_rate: 0, installment_amount: 1000, total_amount: 1000 },
      { installments: 3, installment_rate: 0, installment_amount: 333.33, total_amount: 1000 },
      { installments: 6, installment_rate: 20, installment_amount: 200, total_amount: 1200 },
    ],
  },
];

const dni = [{ id: 'DNI', name: 'DNI', min_length: 7, max_length: 8 }];
const now = new Date('2026-06-15T12:00:00Z');
const visa: CardValues = {
  cardNumber: '4509 9535 6623 3704',
  cardholderName: 'APRO',
  expiry: '11/30',
  securityCode: '123',
  identificationType: 'DNI',
  identificationNumber: '12345678',
};

describe('card form rules', () => {
  it('accepts the test cards', () => {
    expect(cardErrors(visa, { brand: null, documentTypes: dni, now })).toEqual({});
    const master = { ...visa, cardNumber: '5031 7557 3453 0604' };
    expect(cardErrors(master, { brand: null, documentTypes: dni, now })).toEqual({});
  });

  it('says what is missing, in Spanish', () => {
    const empty = {
      cardNumber: '',
      cardholderName: ' ',
      expiry: '',
      securityCode: '',
      identificationType: '',
      identificationNumber: '',
    };
    expect(cardErrors(empty, { brand: null, documentTypes: dni, now })).toEqual({
      cardNumber: cardTexts.cardNumberEmpty,
      cardholderName: cardTexts.nameEmpty,
      expiry: cardTexts.expiryEmpty,
      securityCode: cardTexts.securityCodeEmpty,
      identificationType: cardTexts.documentTypeEmpty,
      identificationNumber: cardTexts.documentEmpty,
    });
  });

  it('checks the number (Luhn and brand length), expiry, code length and document length', () => {
    const errors = cardErrors(
      {
        ...visa,
        cardNumber: '4509 9535 6623 3705',
        cardholderName: 'AP3O',
        expiry: '05/26',
        securityCode: '12',
        identificationNumber: '123',
      },
      { brand: null, documentTypes: dni, now },
    );
    expect(errors).toEqual({
      cardNumber: cardTexts.cardNumberInvalid,
      cardholderName: cardTexts.nameInvalid,
      expiry: cardTexts.expiryPast,
      securityCode: cardTexts.securityCodeLength(3),
      identificationNumber: cardTexts.documentLength(7, 8),
    });
    expect(cardErrors({ ...visa, expiry: '13/30' }, { brand: null, documentTypes: dni, now }).expiry).toBe(
      cardTexts.expiryInvalid,
    );
    // The current month is still valid.
    expect(
      cardErrors({ ...visa, expiry: '06/26' }, { brand: null, documentTypes: dni, now }).expiry,
    ).toBeUndefined();
  });

  it('asks American Express for four digits', () => {
    const amex = { ...visa, cardNumber: '3711 803032 57522', securityCode: '123' };
    expect(cardErrors(amex, { brand: null, documentTypes: dni, now }).securityCode).toBe(
      cardTexts.securityCodeLength(4),
    );
    expect(guessBrand('371180')?.id).toBe('amex');
  });

  it('formats while typing', () => {
    expect(formatCardNumber('4509953566233704')).toBe('4509 9535 6623 3704');
    expect(formatCardNumber('371180303257522')).toBe('3711 803032 57522');
    expect(formatCardNumber('45a0-9')).toBe('4509');
    expect(formatExpiry('1130')).toBe('11/30');
    expect(formatExpiry('11')).toBe('11/');
    expect(formatExpiry('11', '11/')).toBe('11');
    expect(formatExpiry('4')).toBe('04/');
    expect(parseExpiry('11/30')).toEqual({ month: '11', year: '2030' });
    expect(parseExpiry('00/30')).toBeNull();
    expect(passesLuhn('4509953566233704')).toBe(true);
    expect(passesLuhn('4509953566233705')).toBe(false);
  });

  it('reads the brand from Mercado Pago’s payment method', () => {
    expect(
      brandOf(
        {
          id: 'visa',
          name: 'Visa',
          settings: [{ card_number: { length: 16 }, security_code: { length: 3 } }],
        },
        '45099535',
      ),
    ).toEqual({ id: 'visa', name: 'Visa', numberLength: 16, securityCodeLength: 3 });
  });

  it('maps card-token causes to fields, or to a general message', () => {
    expect(tokenErrors([{ code: 'E301', message: 'invalid parameter cardNumber' }]).fields).toEqual({
      cardNumber: cardTexts.cardNumberInvalid,
    });
    expect(tokenErrors([{ code: '326' }, { code: '221' }]).fields).toEqual({
      expiry: cardTexts.expiryInvalid,
      cardholderName: cardTexts.nameEmpty,
    });
    expect(tokenErrors(new Error('network'))).toEqual({ fields: {}, general: cardTexts.tokenGeneric });
  });
});

describe('installments', () => {
  it('keeps the options up to the maximum, in centavos, flagging interest-free ones', () => {
    expect(toInstallmentOptions(fallbackInstallments, 3)).toEqual([
      { installments: 1, installmentAmount: 100_000, totalAmount: 100_000, interestFree: true },
      { installments: 3, installmentAmount: 33_333, totalAmount: 100_000, interestFree: true },
    ]);
    expect(toInstallmentOptions(fallbackInstallments, 1)).toHaveLength(1);
  });

  it('requires a choice only when there is more than one option', () => {
    const options = toInstallmentOptions(fallbackInstallments, 12);
    expect(installmentError(options, null)).toBe('Elegí una opción para avanzar');
    expect(installmentError(options, 3)).toBeNull();
    expect(installmentError(options.slice(0, 1), null)).toBeNull();
  });
});

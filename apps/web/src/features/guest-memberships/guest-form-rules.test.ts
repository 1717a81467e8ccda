import { guestPreferenceRequestSchema } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../lib/format';
import {
  emptyGuestValues,
  guestFormErrors,
  isGuestFormFilled,
  isGuestResult,
  sanitizeGuestPhone,
  toGuestPreference,
} from './guest-form-rules';
import { tierSummary } from './guest-tiers';

const filled = {
  firstName: ' Marta ',
  lastName: 'Gómez',
  email: ' Marta.Gomez@Example.com ',
  phone: '11 2345-6789',
  invoiceDocument: '',
};

describe('guest form', () => {
  it('is filled only when first name, last name, e-mail and phone all have text', () => {
    expect(isGuestFormFilled(emptyGuestValues)).toBe(false);
    expect(isGuestFormFilled(filled)).toBe(true);
    for (const field of ['firstName', 'lastName', 'email', 'phone'] as const) {
      expect(isGuestFormFilled({ ...filled, [field]: '   ' }), field).toBe(false);
    }
  });

  it('says "El email ingresado no es válido" for an e-mail outside the standard pattern', () => {
    expect(guestFormErrors({ ...filled, email: 'marta@' }).email).toBe('El email ingresado no es válido');
    expect(guestFormErrors({ ...filled, email: 'marta@example' }).email).toBe(
      'El email ingresado no es válido',
    );
    expect(guestFormErrors({ ...filled, email: 'marta example.com' }).email).toBe(
      'El email ingresado no es válido',
    );
    expect(guestFormErrors(filled)).toEqual({});
    // an empty field is not an error yet: the button waits for it
    expect(guestFormErrors(emptyGuestValues)).toEqual({});
  });

  it('takes the phones the server takes, and says how to write the others; typing keeps only phone characters', () => {
    const invalid =
      'El teléfono no es válido: escribilo con el código de área, sin el 0 ni el 15 (ej.: 11 2345 6789).';
    expect(guestFormErrors({ ...filled, phone: '123' }).phone).toBe(invalid);
    expect(guestFormErrors({ ...filled, phone: '+54 9 11 2345 6789' }).phone).toBeUndefined();
    expect(guestFormErrors({ ...filled, phone: '11 2345 6789' }).phone).toBeUndefined();
    expect(guestFormErrors({ ...filled, phone: '1'.repeat(16) }).phone).toBe(invalid);
    // with the trunk 0 and the mobile 15 the number is too long for the server
    expect(guestFormErrors({ ...filled, phone: '011 15 2345 6789' }).phone).toBe(invalid);
    expect(sanitizeGuestPhone('11-abc 2345 (6789)')).toBe('11- 2345 (6789)');
  });

  it('builds the spec payload for the tier, with the result pages of that tier', () => {
    const payload = toGuestPreference('ORO', filled, 'https://alcancia.test');
    expect(payload).toEqual({
      items: [{ id: 'ORO', title: 'Membresía Oro', quantity: 1, unit_price: 500 }],
      payer: {
        email: 'marta.gomez@example.com',
        phone: { number: '11 2345-6789' },
        name: 'Marta',
        surname: 'Gómez',
      },
      back_urls: {
        success: 'https://alcancia.test/compra/mf-oro/exito',
        pending: 'https://alcancia.test/compra/mf-oro/pendiente',
        failure: 'https://alcancia.test/compra/mf-oro/error',
      },
      binary_mode: true,
      payment_methods: { installments: 3 },
      auto_return: 'approved',
    });
    // what the browser sends is what the API accepts
    expect(guestPreferenceRequestSchema.safeParse(payload).success).toBe(true);
    expect(toGuestPreference('BLACK', filled, 'https://a.test')?.items[0]).toMatchObject({
      id: 'BLACK',
      unit_price: 600,
    });
    expect(toGuestPreference('PLATINUM', filled, 'https://a.test')?.back_urls).toMatchObject({
      failure: 'https://a.test/compra/mf-platinum/error',
    });
  });

  it('sends her DNI for the invoice when she typed one, and holds a wrong one back with why', () => {
    expect(isGuestFormFilled(filled)).toBe(true);
    const payload = toGuestPreference('ORO', { ...filled, invoiceDocument: '30.123.456' }, 'https://a.test');
    expect(payload).toMatchObject({ invoiceDocument: '30123456' });
    expect(guestPreferenceRequestSchema.safeParse(payload).success).toBe(true);
    expect(toGuestPreference('ORO', filled, 'https://a.test')).not.toHaveProperty('invoiceDocument');
    expect(guestFormErrors({ ...filled, invoiceDocument: '123' }).invoiceDocument).toBe(
      'Ingresá tu DNI: 7 u 8 números, sin puntos.',
    );
    expect(toGuestPreference('ORO', { ...filled, invoiceDocument: '123' }, 'https://a.test')).toBeNull();
  });

  it('sends nothing while a field is missing or invalid', () => {
    expect(toGuestPreference('ORO', { ...filled, lastName: '' }, 'https://a.test')).toBeNull();
    expect(toGuestPreference('ORO', { ...filled, email: 'marta@' }, 'https://a.test')).toBeNull();
  });

  it('knows the three result pages only', () => {
    expect(['exito', 'pendiente', 'error'].every(isGuestResult)).toBe(true);
    expect(isGuestResult('aprobado')).toBe(false);
    expect(isGuestResult(undefined)).toBe(false);
  });
});

describe('tier summary', () => {
  it('shows the es-AR price, the access duration and up to 3 installments', () => {
    expect(tierSummary('ORO')).toEqual({
      title: 'Membresía Oro',
      price: formatMoney(50_000),
      priceCentavos: 50_000,
      access: '6 meses',
      installments: 'Hasta 3 cuotas',
    });
    expect(tierSummary('BLACK').access).toBe('1 año');
    expect(tierSummary('PLATINUM').access).toBe('3 meses');
    expect(formatMoney(50_000).replace(/\s/g, ' ')).toBe('$ 500');
    expect(formatMoney(60_000).replace(/\s/g, ' ')).toBe('$ 600');
  });
});

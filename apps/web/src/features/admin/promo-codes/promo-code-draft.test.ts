import { describe, expect, it } from 'vitest';
import {
  emptyPromoCodeDraft,
  type PromoCodeDraft,
  promoCodeDraftProblems,
  promoCodeRequestOf,
} from './promo-code-draft';

const draft = (changes: Partial<PromoCodeDraft>): PromoCodeDraft => ({ ...emptyPromoCodeDraft, ...changes });

describe('the "Crear códigos" form', () => {
  it('a batch needs 1 to 1000 codes and a prefix of up to 20 letters or digits', () => {
    const batch = draft({ mode: 'batch', discountPercent: '20' });
    expect(promoCodeDraftProblems({ ...batch, count: '0' })).toEqual({ batch: 'Entre 1 y 1000 códigos.' });
    expect(promoCodeDraftProblems({ ...batch, count: '1001' })).toHaveProperty('batch');
    expect(promoCodeDraftProblems({ ...batch, count: '' })).toHaveProperty('batch');
    expect(promoCodeDraftProblems({ ...batch, prefix: 'VERANO-26' })).toEqual({
      prefix: 'Hasta 20 letras o números.',
    });
    expect(promoCodeDraftProblems({ ...batch, count: '1000', prefix: 'VERANO26' })).toEqual({});
    expect(promoCodeRequestOf({ ...batch, count: '25', prefix: ' VERANO ' })).toMatchObject({
      batch: { count: 25, prefix: 'VERANO' },
    });
  });

  it('one code needs a name of 3 to 40 letters, digits, hyphens or underscores', () => {
    expect(promoCodeDraftProblems(draft({ code: 'AB', discountPercent: '10' }))).toHaveProperty('code');
    expect(promoCodeDraftProblems(draft({ code: 'con espacio', discountPercent: '10' }))).toHaveProperty(
      'code',
    );
    expect(promoCodeDraftProblems(draft({ code: 'PANEL_30', discountPercent: '10' }))).toEqual({});
  });

  it('asks what each type gives: a discount of 1 to 99 %, or free months or days', () => {
    expect(promoCodeDraftProblems(draft({ code: 'PANEL30' }))).toEqual({
      discountPercent: 'Indicá un descuento de 1 a 99 %.',
    });
    expect(promoCodeDraftProblems(draft({ code: 'PANEL30', discountPercent: '100' }))).toHaveProperty(
      'discountPercent',
    );
    const free = draft({ code: 'GRATIS', type: 'FREE_PERIOD' });
    expect(promoCodeDraftProblems(free)).toEqual({ freeDays: 'Indicá los meses o días gratis.' });
    expect(promoCodeDraftProblems({ ...free, freeMonths: '2' })).toEqual({});
    expect(promoCodeDraftProblems({ ...free, freeDays: '400' })).toEqual({ freeDays: 'De 0 a 366 días.' });
    expect(promoCodeDraftProblems(draft({ code: 'PROGRATIS', type: 'PROGRAM_FREE' }))).toEqual({});
  });

  it('dates in order and at least one use', () => {
    const base = draft({ code: 'PANEL30', discountPercent: '30' });
    expect(promoCodeDraftProblems({ ...base, validFrom: '2026-12-10', validUntil: '2026-12-01' })).toEqual({
      validUntil: 'La fecha de fin no puede ser anterior a la de inicio.',
    });
    expect(promoCodeDraftProblems({ ...base, maxUses: '0' })).toEqual({ maxUses: 'De 1 a 1.000.000 usos.' });
  });

  it('a day that is not dd/mm/aaaa (the field passes it as typed) is refused in words', () => {
    const base = draft({ code: 'PANEL30', discountPercent: '30' });
    expect(promoCodeDraftProblems({ ...base, validFrom: '31/02/2026', validUntil: '12/27/2026' })).toEqual({
      validFrom: 'Escribí la fecha como dd/mm/aaaa.',
      validUntil: 'Escribí la fecha como dd/mm/aaaa.',
    });
  });

  it('sends only the fields of the chosen type (a field left from another type is not sent)', () => {
    const request = promoCodeRequestOf(
      draft({
        code: 'PROG20',
        type: 'PROGRAM_DISCOUNT',
        discountPercent: '20',
        planIds: ['basico'],
        frequencies: ['monthly'],
        freeMonths: '3',
        programIds: ['prog-a', 'pack-b'],
        maxUses: '50',
        paused: true,
      }),
    );
    expect(request).toMatchObject({
      code: 'PROG20',
      discountPercent: 20,
      planIds: [],
      frequencies: [],
      programIds: ['prog-a', 'pack-b'],
      maxUses: 50,
      active: false,
    });
    expect(request.freeMonths).toBeUndefined();
  });
});

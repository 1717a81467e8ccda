import { promoCodeMessages } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { promoErrorText, promoMessageKey, promoServerMessages, promoTexts } from './promo-messages';

describe('promo code messages', () => {
  it('knows exactly the contract’s server messages', () => {
    expect(promoServerMessages).toEqual(promoCodeMessages);
  });

  it('maps every server message of the spec’s table to its key', () => {
    for (const [key, message] of Object.entries(promoCodeMessages)) {
      expect(promoMessageKey(message)).toBe(key);
    }
    expect(promoMessageKey('  expired PROMO code ')).toBe('expired');
  });

  it('maps anything else to generic, which carries a support hint', () => {
    expect(promoMessageKey('Something else')).toBe('generic');
    expect(promoMessageKey(null)).toBe('generic');
    expect(promoTexts.generic).toMatch(/ayuda@alcancia\.com\.ar/);
  });

  it('has a distinct Spanish text per key and the spec’s empty-code text', () => {
    expect(new Set(Object.values(promoTexts)).size).toBe(Object.keys(promoTexts).length);
    expect(promoTexts.empty).toBe('Ingrese el código');
  });

  it('turns API failures into the user’s text', () => {
    expect(promoErrorText(new ApiError(404, 'PROMO_CODE', 'Not found promo code'))).toBe(promoTexts.notFound);
    expect(
      promoErrorText(
        new ApiError(403, 'PROMO_CODE', 'The user does not have a allowed country code for the promo code'),
      ),
    ).toBe(promoTexts.notAllowedCountryCode);
    expect(promoErrorText(new ApiError(500, 'UNEXPECTED_ERROR', 'boom'))).toBe(promoTexts.generic);
    expect(promoErrorText(new Error('x'))).toBe(promoTexts.generic);
    const offline = new ApiError(0, 'NETWORK_ERROR', 'No pudimos conectarnos.');
    expect(promoErrorText(offline)).toBe('No pudimos conectarnos.');
  });
});

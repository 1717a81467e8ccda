import { describe, expect, it } from 'vitest';
import { hasSessionCode, readEntryParams, safeFollowingPage, withoutSessionCode } from './entry-params';

describe('entry parameters', () => {
  it('reads the spec list; fromApp and isSubscribed only when "true"', () => {
    expect(
      readEntryParams(
        '?promoCode=HOLA&programId=p1&programDiscountId=d1&fromApp=true&isSubscribed=false&deeplinkToReturn=%2Facademy&countryCode=AR&promoCodeOpen=true&other=1',
      ),
    ).toEqual({
      promoCode: 'HOLA',
      programId: 'p1',
      programDiscountId: 'd1',
      fromApp: true,
      deeplinkToReturn: '/academy',
      countryCode: 'AR',
      promoCodeOpen: 'true',
    });
    expect(readEntryParams('?other=1&fromApp=1')).toBeNull();
  });

  it('restores the session only with both verification_code and email', () => {
    expect(hasSessionCode(readEntryParams('?verification_code=123456&email=a%40b.com'))).toBe(true);
    expect(hasSessionCode(readEntryParams('?verification_code=123456'))).toBe(false);
    expect(hasSessionCode(readEntryParams('?email=a%40b.com'))).toBe(false);
  });

  it('drops the one-time code from the URL', () => {
    expect(withoutSessionCode('?verification_code=1&email=a%40b.com')).toBe('?email=a%40b.com');
    expect(withoutSessionCode('?verification_code=1')).toBe('');
  });

  it('accepts only in-app paths as followingPage', () => {
    expect(safeFollowingPage('/academy?x=1')).toBe('/academy?x=1');
    expect(safeFollowingPage('//evil.example')).toBeNull();
    expect(safeFollowingPage('/\\evil.example')).toBeNull();
    expect(safeFollowingPage('https://evil.example')).toBeNull();
    expect(safeFollowingPage(3)).toBeNull();
  });
});

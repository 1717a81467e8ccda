import { describe, expect, it } from 'vitest';
import {
  hasSessionCode,
  planEntry,
  readEntryParams,
  safeFollowingPage,
  withoutSessionCode,
} from './entry-params';

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

  it('reads every spec parameter, e-mail and code included; countryCode in upper case', () => {
    expect(
      readEntryParams(
        '?verification_code=654321&email=ana%40example.com&countryCode=uy&isSubscribed=true&deeplinkToReturn=alcancia%3A%2F%2Facademy',
      ),
    ).toEqual({
      verification_code: '654321',
      email: 'ana@example.com',
      countryCode: 'UY',
      isSubscribed: true,
      deeplinkToReturn: 'alcancia://academy',
    });
    expect(readEntryParams('?promoCode=%20%20&programId=')).toBeNull();
    expect(readEntryParams(`?promoCode=${'x'.repeat(600)}`)?.promoCode).toHaveLength(500);
  });
});

describe('entry wrapper plan', () => {
  it('does nothing without a channel or entry parameters', () => {
    expect(planEntry('', null)).toBeNull();
    expect(planEntry('?tab=cursos', { followingPage: '/academy' })).toBeNull();
  });

  it('passes the parameters on as state.entry, keeping them and the rest of the state', () => {
    expect(planEntry('?programId=p1&fromApp=true&tab=1', { followingPage: '/programas' })).toEqual({
      channel: null,
      restore: null,
      search: '?programId=p1&fromApp=true&tab=1',
      state: { followingPage: '/programas', entry: { programId: 'p1', fromApp: true } },
    });
  });

  it('does not read the URL again once the entry is in the state', () => {
    expect(planEntry('?programId=p1', { entry: { programId: 'p1' } })).toBeNull();
  });

  it('takes the channel out of the URL and stores it', () => {
    expect(planEntry('?channel=instagram&promoCode=HOLA', null)).toEqual({
      channel: 'instagram',
      restore: null,
      search: '?promoCode=HOLA',
      state: { entry: { promoCode: 'HOLA' } },
    });
    // with the entry already passed on, only the channel is handled and the state is kept as is
    const state = { entry: { promoCode: 'HOLA' } };
    expect(planEntry('?channel=ads&promoCode=HOLA', state)).toEqual({
      channel: 'ads',
      restore: null,
      search: '?promoCode=HOLA',
      state,
    });
  });

  it('restores the session with an e-mailed code first; the code never stays in the URL or state', () => {
    expect(planEntry('?email=ana%40example.com&verification_code=123456&programId=p1', null)).toEqual({
      channel: null,
      restore: { email: 'ana@example.com', code: '123456' },
      search: '?email=ana%40example.com&programId=p1',
      state: { entry: { email: 'ana@example.com', programId: 'p1' } },
    });
    // a code without its e-mail restores nothing, and still leaves the URL
    expect(planEntry('?verification_code=123456', null)).toEqual({
      channel: null,
      restore: null,
      search: '',
      state: { entry: {} },
    });
  });
});

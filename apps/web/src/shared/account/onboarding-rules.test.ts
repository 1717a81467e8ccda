import { partialOnboardingRequestSchema } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import {
  asksInterests,
  asksName,
  emptyOnboardingValues,
  needsOnboarding,
  onboardingProblem,
  showsOnboarding,
  toOnboardingPayload,
} from './onboarding-rules';

describe('onboarding', () => {
  it('is shown to users without a country only', () => {
    expect(needsOnboarding({ countryCode: null })).toBe(true);
    expect(needsOnboarding({ countryCode: 'AR' })).toBe(false);
    expect(needsOnboarding({ countryCode: 'OTHER' })).toBe(false);
  });

  it('waits while the unverified-account modal blocks the shell', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    const verified = { countryCode: null, emailVerified: true, createdAt: '2026-01-01T00:00:00Z' };
    expect(showsOnboarding(verified, now)).toBe(true);
    expect(showsOnboarding({ ...verified, countryCode: 'AR' }, now)).toBe(false);
    expect(showsOnboarding({ ...verified, emailVerified: false }, now)).toBe(false);
    expect(
      showsOnboarding({ ...verified, emailVerified: false, createdAt: '2026-03-09T12:00:00Z' }, now),
    ).toBe(true);
  });

  it('asks the name only when the account has none', () => {
    expect(asksName({ name: 'Sofía' })).toBe(false);
    expect(asksName({ name: '  ' })).toBe(true);
  });

  it('needs country and phone, and a non-blank name when asked', () => {
    expect(onboardingProblem(emptyOnboardingValues, false)).toBe('incomplete');
    expect(onboardingProblem({ country: 'AR', name: '', phone: '' }, false)).toBe('incomplete');
    expect(onboardingProblem({ country: '', name: '', phone: '11 2345 6789' }, false)).toBe('incomplete');
    expect(onboardingProblem({ country: 'AR', name: '', phone: '11 2345 6789' }, false)).toBeNull();
    expect(onboardingProblem({ country: 'AR', name: '   ', phone: '11 2345 6789' }, true)).toBe('incomplete');
    expect(onboardingProblem({ country: 'AR', name: 'Sofía', phone: '11 2345 6789' }, true)).toBeNull();
  });

  it('refuses a phone that is not a number', () => {
    expect(onboardingProblem({ country: 'UY', name: '', phone: '12' }, false)).toBe('invalidPhone');
    expect(onboardingProblem({ country: 'AR', name: '', phone: '11-abc' }, false)).toBe('invalidPhone');
  });

  it('sends countryCode, telephone and the name only when it was asked', () => {
    const known = toOnboardingPayload({ country: 'UY', name: 'ignored', phone: ' 99 123 456 ' }, false);
    expect(known).toEqual({ countryCode: 'UY', telephone: '99 123 456' });
    const asked = toOnboardingPayload({ country: 'AR', name: ' Sofía ', phone: '1123456789' }, true);
    expect(asked).toEqual({ countryCode: 'AR', telephone: '1123456789', name: 'Sofía' });
    expect(partialOnboardingRequestSchema.safeParse(asked).success).toBe(true);
    expect(toOnboardingPayload({ country: '', name: 'Sofía', phone: '1123456789' }, true)).toBeNull();
  });

  it('asks the two questions after validation, once the country is known, until answered or skipped', () => {
    expect(asksInterests({ interestsPending: true, countryCode: 'AR' })).toBe(true);
    expect(asksInterests({ interestsPending: true, countryCode: null })).toBe(false);
    expect(asksInterests({ interestsPending: false, countryCode: 'AR' })).toBe(false);
  });
});

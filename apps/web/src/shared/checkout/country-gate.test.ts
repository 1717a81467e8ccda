import { describe, expect, it } from 'vitest';
import { awaitsCountry, isCountryBlocked } from './country-gate';

describe('checkouts and an account without a country', () => {
  it('waits for the onboarding form only when the account has no country', () => {
    expect(awaitsCountry({ countryCode: null })).toBe(true);
    expect(awaitsCountry({ countryCode: 'AR' })).toBe(false);
    expect(awaitsCountry({ countryCode: 'MX' })).toBe(false);
    // still loading: the checkout's own loader, not this wait
    expect(awaitsCountry(undefined)).toBe(false);
  });

  it('shows the plan list to her, and the Argentina-only panel to other countries', () => {
    expect(isCountryBlocked(null)).toBe(false);
    expect(isCountryBlocked(undefined)).toBe(false);
    expect(isCountryBlocked('AR')).toBe(false);
    expect(isCountryBlocked('UY')).toBe(true);
  });
});

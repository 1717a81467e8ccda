import { describe, expect, it } from 'vitest';
import { argentinaDate, isOnOrAfter } from './argentina-date';

describe('argentinaDate', () => {
  it('is still the previous day in Buenos Aires shortly after midnight UTC', () => {
    expect(argentinaDate(new Date('2026-11-23T02:30:00Z'))).toBe('2026-11-22');
    expect(argentinaDate(new Date('2026-11-23T03:00:00Z'))).toBe('2026-11-23');
  });
});

describe('isOnOrAfter', () => {
  it('compares only the date part', () => {
    expect(isOnOrAfter('2026-11-22T00:00:00Z', '2026-11-22')).toBe(true);
    expect(isOnOrAfter('2026-11-21', '2026-11-22')).toBe(false);
    expect(isOnOrAfter(null, '2026-11-22')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { copyrightYear } from './shell-footer';

describe('the footer year', () => {
  it('is the current year in Buenos Aires, never a fixed one', () => {
    expect(copyrightYear(new Date('2026-07-01T12:00:00Z'))).toBe(2026);
    expect(copyrightYear(new Date('2031-03-10T12:00:00Z'))).toBe(2031);
    // New Year's Eve at 23:30 in Buenos Aires is already next year in UTC.
    expect(copyrightYear(new Date('2027-01-01T02:30:00Z'))).toBe(2026);
  });
});

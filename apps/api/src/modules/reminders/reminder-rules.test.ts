import { describe, expect, it } from 'vitest';
import { argentinaClock, argentineMobile, inQuietHours, isDueHour, isStopWord } from './reminder-rules';

describe('reminder rules', () => {
  it('reads the day, weekday and hour in Buenos Aires (UTC-3), not the server zone', () => {
    // 2026-11-30 02:30 UTC is Sunday 29th, 23:30 in Argentina
    expect(argentinaClock(new Date('2026-11-30T02:30:00Z'))).toEqual({
      day: '2026-11-29',
      weekday: 7,
      hour: 23,
    });
    expect(argentinaClock(new Date('2026-11-30T03:00:00Z'))).toEqual({
      day: '2026-11-30',
      weekday: 1,
      hour: 0,
    });
  });

  it('quiet hours include the start, exclude the end and may wrap midnight', () => {
    expect(inQuietHours(22, 22, 8)).toBe(true);
    expect(inQuietHours(3, 22, 8)).toBe(true);
    expect(inQuietHours(8, 22, 8)).toBe(false);
    expect(inQuietHours(13, 13, 15)).toBe(true);
    expect(inQuietHours(15, 13, 15)).toBe(false);
    expect(inQuietHours(3, null, null)).toBe(false);
  });

  it('a chosen hour is due from that hour for a few hours, not before', () => {
    expect(isDueHour(9, 9)).toBe(true);
    expect(isDueHour(11, 9)).toBe(true);
    expect(isDueHour(8, 9)).toBe(false);
    expect(isDueHour(12, 9)).toBe(false);
  });

  it('accepts only Argentine mobiles in E.164', () => {
    expect(argentineMobile('+54 9 11 2345-6789')).toBe('+5491123456789');
    expect(argentineMobile('+5411 2345 6789')).toBeNull(); // no 9: not a mobile for WhatsApp
    expect(argentineMobile('+59891234567')).toBeNull(); // Uruguay
    expect(argentineMobile('1123456789')).toBeNull();
  });

  it('BAJA in any case, with accents or punctuation, is a stop word; other texts are not', () => {
    for (const text of ['BAJA', 'baja', ' Bajá. ', 'BÁJA!', 'b a j a']) expect(isStopWord(text)).toBe(true);
    for (const text of ['hola', 'bajar', 'dar de baja', '']) expect(isStopWord(text)).toBe(false);
  });
});

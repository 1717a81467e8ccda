import { argentineMobilePattern, normalizePhone } from '@alcancia/contract/reminders';

/** Argentina's calendar day, ISO weekday (1 = Monday) and hour at an instant. */
export interface ArgentinaClock {
  day: string;
  weekday: number;
  hour: number;
}

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Argentina/Buenos_Aires',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  weekday: 'short',
  hour: '2-digit',
  hourCycle: 'h23',
});
const weekdays: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

export function argentinaClock(at: Date): ArgentinaClock {
  const p = Object.fromEntries(parts.formatToParts(at).map((part) => [part.type, part.value]));
  return {
    day: `${p.year}-${p.month}-${p.day}`,
    weekday: weekdays[p.weekday ?? ''] ?? 1,
    hour: Number(p.hour) % 24,
  };
}

/** Quiet hours [start, end), wrapping midnight when start > end; none when either is null. */
export function inQuietHours(hour: number, quietStart: number | null, quietEnd: number | null): boolean {
  if (quietStart === null || quietEnd === null || quietStart === quietEnd) return false;
  if (quietStart < quietEnd) return hour >= quietStart && hour < quietEnd;
  return hour >= quietStart || hour < quietEnd;
}

/**
 * A reminder chosen for `hour` may still go out a little later the same day (a process that was
 * down at that hour catches up): within this many hours, never in quiet hours.
 */
export const catchUpHours = 3;

export function isDueHour(now: number, chosen: number): boolean {
  return now >= chosen && now < chosen + catchUpHours;
}

/** What she typed, as E.164 when it is an Argentine mobile (+549 and 10 digits); null otherwise. */
export function argentineMobile(input: string): string | null {
  const phone = normalizePhone(input);
  return argentineMobilePattern.test(phone) ? phone : null;
}

/** "BAJA", "baja", "Bajá", " baja. " all stop reminders: letters only, accents and case aside. */
export function isStopWord(text: string): boolean {
  const letters = text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[^\p{L}]/gu, '')
    .toUpperCase();
  return letters === 'BAJA';
}

import type { FrequencyType } from './types';

// Mercado Pago answers dates as ISO strings with milliseconds and the -04:00 offset of its servers
// (e.g. 2024-05-01T10:00:00.000-04:00). Our side must parse them, so the emulator writes the same.
const OFFSET_MS = -4 * 60 * 60 * 1000;

export function mpDate(date: Date = new Date()): string {
  return new Date(date.getTime() + OFFSET_MS).toISOString().replace('Z', '-04:00');
}

/**
 * Moves a date by a subscription frequency, in Mercado Pago's wall-clock time. Months keep the day
 * of the month, clamped to the month's last day (31 January + 1 month = 28 or 29 February).
 */
export function addPeriod(date: Date, frequency: number, type: FrequencyType): Date {
  const wall = new Date(date.getTime() + OFFSET_MS);
  if (type === 'days') {
    wall.setUTCDate(wall.getUTCDate() + frequency);
  } else {
    const day = wall.getUTCDate();
    wall.setUTCDate(1);
    wall.setUTCMonth(wall.getUTCMonth() + frequency);
    const lastDay = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth() + 1, 0)).getUTCDate();
    wall.setUTCDate(Math.min(day, lastDay));
  }
  return new Date(wall.getTime() - OFFSET_MS);
}

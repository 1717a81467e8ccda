/**
 * "Today" for subscriptions and sale windows is the calendar date in Buenos Aires, whatever the
 * server's time zone: a subscription ending 2026-11-22 is active until midnight in Argentina.
 */
const formatter = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Argentina/Buenos_Aires',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** YYYY-MM-DD in Argentina for the given instant (now by default). */
export function argentinaDate(at: Date = new Date()): string {
  return formatter.format(at);
}

/** Only the first 10 characters of a stored date are compared (spec). */
export function isOnOrAfter(date: string | null | undefined, today: string): boolean {
  return Boolean(date) && (date as string).slice(0, 10) >= today;
}

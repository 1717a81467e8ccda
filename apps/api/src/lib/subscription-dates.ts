// Calendar arithmetic on Argentina dates (YYYY-MM-DD strings), done in UTC so no time zone or
// daylight-saving shift can move a day.

const toUtc = (date: string) => {
  const [year, month, day] = date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
};
const fromUtc = (date: Date) => date.toISOString().slice(0, 10);

/**
 * `date` plus some months and days. Months keep the day of the month, clamped to the month's end
 * (31 January + 1 month = 28/29 February), like Mercado Pago's billing dates.
 */
export function addToDate(
  date: string,
  { months = 0, days = 0 }: { months?: number; days?: number },
): string {
  const result = toUtc(date);
  if (months) {
    const day = result.getUTCDate();
    result.setUTCDate(1);
    result.setUTCMonth(result.getUTCMonth() + months);
    const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
    result.setUTCDate(Math.min(day, lastDay));
  }
  if (days) result.setUTCDate(result.getUTCDate() + days);
  return fromUtc(result);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to).getTime() - toUtc(from).getTime()) / 86_400_000);
}

import Decimal from 'decimal.js';

/*
 * A card purchase in cuotas, pure (decision 0342): which statement each cuota falls in, by the
 * card's closing day, and how much each cuota is, to the centavo. Dates are calendar days
 * (YYYY-MM-DD) in Buenos Aires; there is no time of day anywhere here.
 *
 * - A statement closes on the card's closing day of each month, or on the month's last day when
 *   the month is shorter (closing day 31 closes on 30 April and on 28 or 29 February).
 * - A purchase belongs to the first statement that closes on or after its day: a purchase on the
 *   closing day itself is in that statement. Cuota k is in the (k-1)-th statement after it.
 * - A statement is due on the first day after its closing whose day of the month is the due day
 *   (clamped to the month's length the same way).
 * - Interest-free: each cuota is the price divided by the count, rounded down to the centavo; the
 *   centavos left over (fewer than the count) go to the FIRST cuota, so the cuotas add up exactly
 *   to the price.
 * - With interest (TNA, French system as Argentine cards apply it, without taxes on the interest):
 *   monthly rate i = TNA / 12; every cuota is A·i / (1 − (1 + i)^−n), rounded half up to the
 *   centavo ("cuotas fijas"); the total is n times that cuota.
 */

export interface CalendarDay {
  year: number;
  /** 1..12 */
  month: number;
  day: number;
}

export function parseDay(value: string): CalendarDay {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) throw new Error(`not a calendar day: ${value}`);
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) {
    throw new Error(`not a calendar day: ${value}`);
  }
  return { year, month, day };
}

export function formatDay({ year, month, day }: CalendarDay): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** The month `offset` months after (year, month). */
export function addMonths(year: number, month: number, offset: number): { year: number; month: number } {
  const index = year * 12 + (month - 1) + offset;
  return { year: Math.floor(index / 12), month: (index % 12) + 1 };
}

/** The day `wanted` of a month, or its last day when the month is shorter. */
function clampedDay(year: number, month: number, wanted: number): CalendarDay {
  return { year, month, day: Math.min(wanted, daysInMonth(year, month)) };
}

/** When the statement of (year, month) closes. */
export function closingDateOf(year: number, month: number, closingDay: number): CalendarDay {
  return clampedDay(year, month, closingDay);
}

/** The closing date of the first statement that closes on or after `day`. */
export function statementClosingFor(day: string, closingDay: number): string {
  const purchase = parseDay(day);
  const sameMonth = closingDateOf(purchase.year, purchase.month, closingDay);
  if (purchase.day <= sameMonth.day) return formatDay(sameMonth);
  const next = addMonths(purchase.year, purchase.month, 1);
  return formatDay(closingDateOf(next.year, next.month, closingDay));
}

/** The closing date `offset` statements after the statement that closes on `closing`. */
export function laterClosing(closing: string, offset: number, closingDay: number): string {
  const start = parseDay(closing);
  const month = addMonths(start.year, start.month, offset);
  return formatDay(closingDateOf(month.year, month.month, closingDay));
}

/** The first day after the closing whose day of the month is the due day (clamped). */
export function dueDateFor(closing: string, dueDay: number): string {
  const closed = parseDay(closing);
  const sameMonth = clampedDay(closed.year, closed.month, dueDay);
  if (sameMonth.day > closed.day) return formatDay(sameMonth);
  const next = addMonths(closed.year, closed.month, 1);
  return formatDay(clampedDay(next.year, next.month, dueDay));
}

/** The monthly rate of a TNA in percent ("45" → 0.0375). */
export function monthlyRateOf(annualRatePercent: string): Decimal {
  return new Decimal(annualRatePercent).div(100).div(12);
}

/** The cuota amounts, to the centavo (see the rules above). */
export function cuotaAmounts(amountMinor: number, installments: number, annualRatePercent = '0'): number[] {
  if (!Number.isSafeInteger(amountMinor) || amountMinor <= 0) throw new Error('amount must be positive');
  if (!Number.isInteger(installments) || installments < 1) throw new Error('at least one cuota');
  const rate = monthlyRateOf(annualRatePercent);
  if (rate.isZero()) {
    const base = Math.floor(amountMinor / installments);
    const remainder = amountMinor - base * installments;
    return Array.from({ length: installments }, (_, index) => (index === 0 ? base + remainder : base));
  }
  const factor = Decimal.pow(rate.plus(1), -installments);
  const cuota = new Decimal(amountMinor)
    .times(rate)
    .div(new Decimal(1).minus(factor))
    .toDecimalPlaces(0, Decimal.ROUND_HALF_UP)
    .toNumber();
  return Array.from({ length: installments }, () => cuota);
}

export interface ScheduleInput {
  purchasedOn: string;
  amountMinor: number;
  installments: number;
  /** TNA in percent, "0" for interest-free */
  annualRatePercent?: string;
  closingDay: number;
  dueDay: number;
}

export interface ScheduledCuota {
  number: number;
  amountMinor: number;
  statementClosing: string;
  dueDate: string;
}

export interface Schedule {
  totalMinor: number;
  cuotas: ScheduledCuota[];
}

/** Every cuota of a purchase: its amount and the statement it falls in. */
export function cuotasSchedule(input: ScheduleInput): Schedule {
  const amounts = cuotaAmounts(input.amountMinor, input.installments, input.annualRatePercent ?? '0');
  const first = statementClosingFor(input.purchasedOn, input.closingDay);
  const cuotas = amounts.map((amountMinor, index) => {
    const statementClosing = laterClosing(first, index, input.closingDay);
    return {
      number: index + 1,
      amountMinor,
      statementClosing,
      dueDate: dueDateFor(statementClosing, input.dueDay),
    };
  });
  return { totalMinor: amounts.reduce((sum, amount) => sum + amount, 0), cuotas };
}

/** es-AR date and time of an instant, in Argentina's time: "22/11/2026, 14:05". */
const dateTime = new Intl.DateTimeFormat('es-AR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: 'America/Argentina/Buenos_Aires',
});

export function formatDateTime(value: string | null | undefined): string {
  return value ? dateTime.format(new Date(value)) : '—';
}

/** A calendar day "2026-12-27" as es-AR writes it: "27/12/2026". */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-');
  return year && month && date ? `${date}/${month}/${year}` : day;
}

/** "$ 1.234,56" from centavos, as Intl writes ARS in es-AR. */
const money = new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' });

export function formatPesos(centavos: number): string {
  return money.format(centavos / 100);
}

/** "1.234,56" typed by an operator → centavos; null when it is not an amount. */
export function parsePesos(text: string): number | null {
  const clean = text.trim().replace(/\$|\s/g, '').replace(/\./g, '').replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** "a, b ,c," typed in one field → ["a", "b", "c"] (ids, tags). */
export function commaList(text: string): string[] {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
}

/**
 * "27/12/2026" (or "27/12/26", "27-12-2026", "7/1/2026") typed by an operator → "2026-12-27";
 * null when it is not a real calendar day.
 */
export function parseDay(text: string): string | null {
  const match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{2}|\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [, d, m, y] = match as unknown as [string, string, string, string];
  const year = y.length === 2 ? 2000 + Number(y) : Number(y);
  const month = Number(m);
  const day = Number(d);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return null;
  }
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** A day ("2026-12-27") or an instant, as es-AR writes it; "—" for none. */
export function formatWhen(value: string | null | undefined): string {
  if (!value) return '—';
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? formatDay(value) : formatDateTime(value);
}

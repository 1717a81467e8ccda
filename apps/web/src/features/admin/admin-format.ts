/** es-AR date and time of an instant, in Argentina's time: "22/11/2026, 14:05". */
const dateTime = new Intl.DateTimeFormat('es-AR', {
  dateStyle: 'short',
  timeStyle: 'short',
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

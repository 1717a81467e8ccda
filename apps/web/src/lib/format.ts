/** es-AR formats for what users see. Money is stored and sent as integer centavos. */
/** Formatters are built on first use: building them at start-up is a long task on a phone. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
const longDate = once(
  () =>
    new Intl.DateTimeFormat('es-AR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'America/Argentina/Buenos_Aires',
    }),
);

/** Digits of a whole number with a dot every three, from the right: 1234567 → "1.234.567". */
function grouped(whole: number): string {
  const digits = String(whole);
  let out = '';
  for (let i = 0; i < digits.length; i++) {
    if (i > 0 && (digits.length - i) % 3 === 0) out += '.';
    out += digits[i];
  }
  return out;
}

/**
 * Pesos as `Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' })` writes them
 * ("$ 1.234,56", a no-break space after the sign; whole amounts without decimals), written by
 * hand: building that formatter is a long task (≈ 30 ms, ≈ 120 ms at 4× slowdown) on the first
 * price of a page. format.test.ts checks both agree.
 */
export function formatMoney(centavos: number): string {
  const sign = centavos < 0 ? '-' : '';
  const amount = Math.abs(centavos);
  if (amount % 100 === 0) return `${sign}$\u00a0${grouped(amount / 100)}`;
  const rounded = Math.round(amount);
  const cents = String(rounded % 100).padStart(2, '0');
  return `${sign}$\u00a0${grouped(Math.floor(rounded / 100))},${cents}`;
}

/** "22 de noviembre de 2026"; date-only strings (YYYY-MM-DD) are read as that calendar day. */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return longDate().format(new Date(`${value}T12:00:00-03:00`));
  }
  return longDate().format(typeof value === 'string' ? new Date(value) : value);
}

/**
 * What she types as an amount, in es-AR or plain: "1.234,56", "1234,56", "$ 1.234", "1234.56" →
 * minor units (centavos or cents), or null when it is not an amount. A dot followed by exactly
 * three digits groups thousands ("1.234" is one thousand two hundred thirty-four); a comma is the
 * decimal mark; a dot followed by one or two digits is read as a decimal mark too (a phone's
 * keypad may offer only the dot).
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[\s$\u00a0]/g, '').replace(/^US/i, '');
  if (!cleaned) return null;
  const negative = cleaned.startsWith('-');
  const body = negative ? cleaned.slice(1) : cleaned;
  let whole: string;
  let cents = '';
  if (body.includes(',')) {
    const [intPart = '', decimals = '', ...rest] = body.split(',');
    if (rest.length > 0 || !/^\d{1,3}(\.\d{3})*$|^\d+$/.test(intPart) || !/^\d{0,2}$/.test(decimals))
      return null;
    whole = intPart.replace(/\./g, '');
    cents = decimals;
  } else if (/^\d{1,3}(\.\d{3})+$/.test(body)) {
    whole = body.replace(/\./g, '');
  } else if (/^\d+(\.\d{1,2})?$/.test(body)) {
    [whole = '', cents = ''] = body.split('.');
  } else {
    return null;
  }
  const value = Number(whole) * 100 + Number(cents.padEnd(2, '0') || '0');
  if (!Number.isSafeInteger(value)) return null;
  return negative ? -value : value;
}

/** Minor units as she would type them back: "1234,56" (no grouping). */
export function amountText(minor: number): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const cents = abs % 100;
  return `${sign}${Math.floor(abs / 100)}${cents ? `,${String(cents).padStart(2, '0')}` : ''}`;
}

/** Dollars as es-AR writes them: "US$ 1.234,56". */
export function formatDollars(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  const whole = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${sign}US$\u00a0${whole},${String(abs % 100).padStart(2, '0')}`;
}

/** A rate as es-AR writes it: "1.468,25". */
export function formatRate(value: string): string {
  const [whole = '0', decimals = ''] = value.split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const two = decimals.padEnd(2, '0').slice(0, 2);
  return `${grouped},${two}`;
}

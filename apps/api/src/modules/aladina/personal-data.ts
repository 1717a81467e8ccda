/**
 * Masks the personal numbers she may type (issue 42) before her words leave the server (the
 * model, the answer) or are stored: account numbers (CBU/CVU, 22 digits), card numbers (13 to 19
 * digits), CUIT/CUIL (11 digits) and DNI (7 or 8 digits, with or without dots; an amount of money
 * — after "$" or before "pesos", "dólares"… — is left alone). Spaces, dots and dashes between the
 * digits do not hide them.
 */
const rules: [RegExp, string][] = [
  [/(?<![\d])(?:\d[ .-]?){21}\d(?![\d])/g, '[cuenta oculta]'],
  [/(?<![\d])(?:\d[ .-]?){12,18}\d(?![\d])/g, '[tarjeta oculta]'],
  [/(?<![\d])\d{2}[ .-]?\d{8}[ .-]?\d(?![\d])/g, '[CUIT oculto]'],
];

const dni = /(?<![\d$]|\d[.,])(\d{1,2}\.?\d{3}\.?\d{3})(?!\d|[.,]\d)/g;
const moneyBefore = /(\$|u\$s|usd|ars|us\$)\s*$/i;
const moneyAfter = /^\s*(pesos|d[oó]lares|usd|ars|mil|millones|de pesos|por mes|mensuales)/i;

export function maskPersonalData(text: string): string {
  let masked = text;
  for (const [pattern, replacement] of rules) masked = masked.replace(pattern, replacement);
  return masked.replace(dni, (match, _digits, offset: number, whole: string) => {
    const before = whole.slice(Math.max(0, offset - 6), offset);
    const after = whole.slice(offset + match.length, offset + match.length + 16);
    if (moneyBefore.test(before) || moneyAfter.test(after)) return match;
    return '[DNI oculto]';
  });
}

// What the product writes for people, in Argentine Spanish: amounts, long dates, and text made
// safe inside HTML mails. One definition each, for mails, receipts and messages alike.

/** "$ 45.000,00" (es-AR) for an amount in centavos. */
export const pesos = (centavos: number) =>
  new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }).format(centavos / 100);

/** Text made safe inside HTML (mails, the dev mailbox page). */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

const months = [
  'enero',
  'febrero',
  'marzo',
  'abril',
  'mayo',
  'junio',
  'julio',
  'agosto',
  'septiembre',
  'octubre',
  'noviembre',
  'diciembre',
];

/**
 * `2026-11-22` → `22 de noviembre de 2026`. Written out instead of Intl so the certificate image
 * does not depend on the ICU data of the machine that renders it.
 */
export function spanishDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  const month = match ? months[Number(match[2]) - 1] : undefined;
  if (!match || !month) throw new Error(`Fecha inválida: ${isoDate}`);
  return `${Number(match[3])} de ${month} de ${match[1]}`;
}

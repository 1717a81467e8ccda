/** es-AR formats for what users see. Money is stored and sent as integer centavos. */
/** Formatters are built on first use: building them at start-up is a long task on a phone. */
function once<T>(build: () => T): () => T {
  let value: T | undefined;
  return () => {
    value ??= build();
    return value;
  };
}
const money = once(() => new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS' }));
const moneyWhole = once(
  () => new Intl.NumberFormat('es-AR', { style: 'currency', currency: 'ARS', maximumFractionDigits: 0 }),
);
const longDate = once(
  () =>
    new Intl.DateTimeFormat('es-AR', {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'America/Argentina/Buenos_Aires',
    }),
);

export function formatMoney(centavos: number): string {
  return centavos % 100 === 0 ? moneyWhole().format(centavos / 100) : money().format(centavos / 100);
}

/** "22 de noviembre de 2026"; date-only strings (YYYY-MM-DD) are read as that calendar day. */
export function formatDate(value: string | Date): string {
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return longDate().format(new Date(`${value}T12:00:00-03:00`));
  }
  return longDate().format(typeof value === 'string' ? new Date(value) : value);
}

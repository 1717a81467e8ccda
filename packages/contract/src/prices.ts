/**
 * Price arithmetic shared by the web and the API, free of zod: the web's catalogue cards show
 * "Precio sin impuestos nacionales" and importing the package's index would bring zod and every
 * schema into the academy's first load (issue 30, decision 0215).
 */

/** The IVA a responsable inscripto's final prices contain (general rate, 21 %). */
export const vatRateInFinalPrices = 0.21;

/**
 * "Precio sin impuestos nacionales" of a final price in centavos (decision 0132): the final price
 * divided by 1.21, rounded to the centavo, as the invoice's net is (invoice-rules.ts, splitTotal).
 */
export function priceWithoutNationalTaxes(finalCentavos: number): number {
  return Math.round(finalCentavos / (1 + vatRateInFinalPrices));
}

/*
 * Rates of a purchase in cuotas (issue 28, decision 0142), computed the same way wherever a
 * financed total is shown (the checkout, the purchase mail, the receipt, Mi cuenta: issue 39). The
 * monthly rate i is the one that makes the cuotas worth the cash price today; TNA = i × 365/30 and
 * CFTEA = (1 + i)^(365/30) − 1, the Argentine banks' conventions.
 */
const daysPerMonth = 30;
const periodsPerYear = 365 / daysPerMonth;

/** Present value of n equal payments at monthly rate i. */
function presentValue(payment: number, n: number, i: number): number {
  if (i === 0) return payment * n;
  return (payment * (1 - (1 + i) ** -n)) / i;
}

/** The monthly rate at which n payments of `payment` are worth `price` (bisection; 0 when none is paid over it). */
export function monthlyRate(price: number, payment: number, n: number): number {
  if (n <= 1 || payment * n <= price || price <= 0) return 0;
  let low = 0;
  let high = 1;
  while (presentValue(payment, n, high) > price) high *= 2;
  for (let step = 0; step < 100; step++) {
    const mid = (low + high) / 2;
    if (presentValue(payment, n, mid) > price) low = mid;
    else high = mid;
  }
  return (low + high) / 2;
}

/** TNA and CFTEA (percent) of `installments` cuotas totalling `totalFinanced` for a cash price. */
export function financingRates(
  cashPrice: number,
  totalFinanced: number,
  installments: number,
): { tna: number; cftea: number } {
  // the cuota as she pays it on average (the provider may round one of them)
  const i =
    totalFinanced <= cashPrice ? 0 : monthlyRate(cashPrice, totalFinanced / installments, installments);
  return { tna: i * periodsPerYear * 100, cftea: ((1 + i) ** periodsPerYear - 1) * 100 };
}

const percent = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "84,50 %" (a no-break space before the sign) */
export function formatRate(value: number): string {
  return `${percent.format(value)}\u00a0%`;
}

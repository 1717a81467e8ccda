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

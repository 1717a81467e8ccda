import type { InstallmentsResult, MercadoPagoInstance } from './mercadopago';
import { mercadoPagoLocale } from './mercadopago';

/**
 * Installment options (spec §3 "Installment option"), for checkouts that offer them (programs;
 * subscriptions charge one installment per period). Amounts in centavos.
 */
export interface InstallmentOption {
  installments: number;
  installmentAmount: number;
  totalAmount: number;
  /** rate zero */
  interestFree: boolean;
}

/** Spec §7: the card form's amount when the product is not loaded yet. */
export const fallbackAmountCentavos = 100_000;

const toCentavos = (pesos: number) => Math.round(pesos * 100);

/** Mercado Pago's payer costs → options up to `maxInstallments`, fewest first. */
export function toInstallmentOptions(results: readonly InstallmentsResult[], maxInstallments: number) {
  const costs = results[0]?.payer_costs ?? [];
  return costs
    .filter((cost) => cost.installments >= 1 && cost.installments <= Math.max(1, maxInstallments))
    .map(
      (cost): InstallmentOption => ({
        installments: cost.installments,
        installmentAmount: toCentavos(cost.installment_amount),
        totalAmount: toCentavos(cost.total_amount),
        interestFree: cost.installment_rate === 0,
      }),
    )
    .sort((a, b) => a.installments - b.installments);
}

/** getInstallments by bin, amount (pesos, as MercadoPago.js takes it) and es-AR. */
export async function fetchInstallmentOptions(
  mp: MercadoPagoInstance,
  input: { amountCentavos: number | null | undefined; bin: string; maxInstallments: number },
): Promise<InstallmentOption[]> {
  const amount = ((input.amountCentavos ?? fallbackAmountCentavos) / 100).toFixed(2);
  const results = await mp.getInstallments({ amount, bin: input.bin, locale: mercadoPagoLocale });
  return toInstallmentOptions(results, input.maxInstallments);
}

/** Spec §5: a choice is required when there is more than one option and none is chosen. */
export const installmentRequiredMessage = 'Elegí una opción para avanzar';

export function installmentError(
  options: readonly InstallmentOption[],
  chosen: number | null,
): string | null {
  return options.length > 1 && chosen === null ? installmentRequiredMessage : null;
}

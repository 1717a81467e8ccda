import { financingRates, formatRate } from '@alcancia/contract/prices';

/**
 * What a purchase in cuotas costs her, as the rules on financed prices want it shown (issue 28,
 * decision 0142): the cash price, the number and amount of each cuota, the total financed, the
 * TNA and the CFTEA. The rates come from the amounts she will actually pay (the provider's cuota
 * and total for this card), so every cost the provider adds is in them: the monthly rate i is the
 * one that makes the cuotas worth the cash price today, TNA = i × 365/30 and CFTEA =
 * (1 + i)^(365/30) − 1, the Argentine banks' conventions. "Sin interés" only when she pays nothing
 * over the cash price.
 */
export interface FinancingTerms {
  /** centavos */
  cashPrice: number;
  installments: number;
  /** centavos */
  installmentAmount: number;
  /** centavos, all the cuotas together */
  totalFinanced: number;
  /** percent, nominal annual */
  tna: number;
  /** percent, total financial cost, effective annual */
  cftea: number;
  /** no financing cost at all: she pays the cash price, split */
  interestFree: boolean;
}

export { monthlyRate } from '@alcancia/contract/prices';

export function financingTerms(
  option: { installments: number; installmentAmount: number; totalAmount: number },
  cashPrice: number,
): FinancingTerms {
  const interestFree = option.totalAmount <= cashPrice;
  const { tna, cftea } = financingRates(cashPrice, option.totalAmount, option.installments);
  return {
    cashPrice,
    installments: option.installments,
    installmentAmount: option.installmentAmount,
    totalFinanced: option.totalAmount,
    tna,
    cftea,
    interestFree,
  };
}

export { formatRate };

import { type BrandInfo, issuerResult } from './cards';
import { roundMoney } from './request-body';

// Installment plans offered for every card: 1 and 3 interest-free, 6 and 12 with interest. The
// rates are invented but fixed, so tests and screens can rely on exact amounts.
export const INSTALLMENT_RATES: ReadonlyMap<number, number> = new Map([
  [1, 0],
  [3, 0],
  [6, 20],
  [12, 45],
]);

const pesos = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export interface PayerCost {
  installments: number;
  installment_rate: number;
  discount_rate: number;
  reimbursement_rate: null;
  labels: string[];
  installment_rate_collector: string[];
  min_allowed_amount: number;
  max_allowed_amount: number;
  recommended_message: string;
  installment_amount: number;
  total_amount: number;
  payment_method_option_id: string;
}

export function payerCost(amount: number, installments: number): PayerCost | undefined {
  const rate = INSTALLMENT_RATES.get(installments);
  if (rate === undefined) return undefined;
  const total = roundMoney(amount * (1 + rate / 100));
  const each = roundMoney(total / installments);
  const word = installments === 1 ? 'cuota' : 'cuotas';
  const free = rate === 0 && installments > 1 ? ' sin interés' : '';
  return {
    installments,
    installment_rate: rate,
    discount_rate: 0,
    reimbursement_rate: null,
    labels: rate === 0 ? ['CFT_0,00%|TEA_0,00%'] : [],
    installment_rate_collector: ['MERCADOPAGO'],
    min_allowed_amount: 2,
    max_allowed_amount: 10000000,
    recommended_message: `${installments} ${word}${free} de $ ${pesos.format(each)} ($ ${pesos.format(total)})`,
    installment_amount: each,
    total_amount: total,
    payment_method_option_id: `emulator-${installments}`,
  };
}

/** The answer of `GET /v1/payment_methods/installments` for one brand, optionally capped. */
export function installmentOptions(amount: number, brand: BrandInfo, maxInstallments?: number | null) {
  const payerCosts = [...INSTALLMENT_RATES.keys()]
    .filter((n) => !maxInstallments || n <= maxInstallments)
    .map((n) => payerCost(amount, n))
    .filter((cost): cost is PayerCost => cost !== undefined);
  const issuer = issuerResult(brand);
  return {
    payment_method_id: brand.id,
    payment_type_id: 'credit_card',
    issuer: {
      id: issuer.id,
      name: issuer.name,
      secure_thumbnail: issuer.secure_thumbnail,
      thumbnail: issuer.thumbnail,
    },
    processing_mode: 'aggregator',
    merchant_account_id: null,
    payer_costs: payerCosts,
    agreements: null,
  };
}

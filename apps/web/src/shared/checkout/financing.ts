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

export function financingTerms(
  option: { installments: number; installmentAmount: number; totalAmount: number },
  cashPrice: number,
): FinancingTerms {
  const interestFree = option.totalAmount <= cashPrice;
  // the cuota as she pays it on average (the provider may round one of them)
  const payment = option.totalAmount / option.installments;
  const i = interestFree ? 0 : monthlyRate(cashPrice, payment, option.installments);
  return {
    cashPrice,
    installments: option.installments,
    installmentAmount: option.installmentAmount,
    totalFinanced: option.totalAmount,
    tna: i * periodsPerYear * 100,
    cftea: ((1 + i) ** periodsPerYear - 1) * 100,
    interestFree,
  };
}

const percent = new Intl.NumberFormat('es-AR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** "84,50 %" */
export function formatRate(value: number): string {
  return `${percent.format(value)}\u00a0%`;
}

import { otherPaymentMethodsPath as otherPaymentMethodsRoute } from '../../lib/paths';
/**
 * /compra/otras-formas-de-pago: where "Ver otras formas de pago" leads after the card attempts are
 * used up (decision 77): a page of the product, not an outside address. The query names what she
 * was buying so the page can offer that product's ways to pay.
 */
export type OtherPaymentsFor =
  | { kind: 'subscription'; planId: string; frequency?: string }
  | { kind: 'program'; programId: string };

export function otherPaymentMethodsPath(product: OtherPaymentsFor): string {
  const query =
    product.kind === 'subscription'
      ? new URLSearchParams({
          plan: product.planId,
          ...(product.frequency ? { frecuencia: product.frequency } : {}),
        })
      : new URLSearchParams({ programa: product.programId });
  return `${otherPaymentMethodsRoute}?${query}`;
}

/** What the page's address says she was buying (null: nothing named, the page stays general). */
export function productOfQuery(search: string): OtherPaymentsFor | null {
  const query = new URLSearchParams(search);
  const programId = query.get('programa')?.trim();
  if (programId) return { kind: 'program', programId };
  const planId = query.get('plan')?.trim();
  const frequency = query.get('frecuencia')?.trim();
  if (planId) return { kind: 'subscription', planId, ...(frequency ? { frequency } : {}) };
  return null;
}

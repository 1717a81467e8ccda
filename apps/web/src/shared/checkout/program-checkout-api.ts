import {
  idempotencyKeyHeader,
  type ProgramInstallments,
  type ProgramPreview,
  type ProgramPromoAvailability,
} from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/**
 * The program purchase calls (spec §7). Types come from the contract; responses are not parsed
 * with zod (the server validates its own responses against the contract).
 */

/** The card provider's segment of the payment paths. */
export const cardProvider = 'mercadopago';

export const programCheckoutKeys = {
  /** A visitor's entry parameters are part of the key only when given (the promo box fills the plain one). */
  preview: (id: string, promoCode: string | null, visitor: PreviewVisitor = {}) =>
    visitor.isSubscribed === undefined && visitor.countryCode === undefined
      ? (['programs', 'preview', id, promoCode] as const)
      : ([
          'programs',
          'preview',
          id,
          promoCode,
          visitor.isSubscribed ?? null,
          visitor.countryCode ?? null,
        ] as const),
  installments: (id: string, bin: string, promoCode: string | null) =>
    ['programs', 'installments', id, bin, promoCode] as const,
  provider: (id: string) => ['programs', 'checkout-provider', id] as const,
};

/**
 * What a visitor without a session tells the preview (spec §7: the app's entry parameters): the
 * server reads the account instead when there is a session.
 */
export interface PreviewVisitor {
  isSubscribed?: boolean;
  countryCode?: string;
}

/** GET /academy/program-preview/{id}?promoCode (with the session: the server reads the account). */
export function fetchProgramPreview(
  id: string,
  promoCode: string | null,
  signal?: AbortSignal,
  visitor: PreviewVisitor = {},
) {
  return apiRequest<ProgramPreview>(`/academy/program-preview/${encodeURIComponent(id)}`, {
    query: { promoCode, isSubscribed: visitor.isSubscribed, countryCode: visitor.countryCode },
    signal,
  });
}

export function useProgramPreview(
  id: string,
  promoCode: string | null,
  enabled = true,
  visitor: PreviewVisitor = {},
) {
  return useQuery({
    queryKey: programCheckoutKeys.preview(id, promoCode, visitor),
    queryFn: ({ signal }) => fetchProgramPreview(id, promoCode, signal, visitor),
    enabled: enabled && id !== '',
    staleTime: 60 * 1000,
    retry: false,
  });
}

/** The provider's installment options for this card (first six digits), cut to the program's maximum. */
export function useProgramInstallments(input: {
  id: string;
  bin: string | null;
  paymentMethodId: string | null;
  promoCode: string | null;
  enabled: boolean;
}) {
  const bin = input.bin ?? '';
  return useQuery({
    queryKey: programCheckoutKeys.installments(input.id, bin, input.promoCode),
    queryFn: ({ signal }) =>
      apiRequest<ProgramInstallments>(
        `/users/${cardProvider}/payment/program/${encodeURIComponent(input.id)}/installments`,
        {
          query: { bin, paymentMethodId: input.paymentMethodId, promoCode: input.promoCode },
          signal,
        },
      ),
    enabled: input.enabled && bin.length >= 6,
    staleTime: 5 * 60 * 1000,
    retry: 1,
  });
}

/**
 * GET /users/payment/checkout-provider?programId: 'MP' (the card form) or the redirect
 * provider's code. A failed lookup counts as the card form, which the server still guards.
 */
export function useCheckoutProvider(id: string, enabled: boolean) {
  return useQuery({
    queryKey: programCheckoutKeys.provider(id),
    queryFn: async ({ signal }) => {
      try {
        const answer = await apiRequest<{ checkoutProvider: string }>('/users/payment/checkout-provider', {
          query: { programId: id },
          signal,
        });
        return answer.checkoutProvider;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') throw error;
        console.warn('No se pudo leer el medio de pago del programa; se usa la tarjeta.', error);
        return cardCheckoutProvider;
      }
    },
    enabled: enabled && id !== '',
    staleTime: 5 * 60 * 1000,
  });
}

/** The card form's provider code. */
export const cardCheckoutProvider = 'MP';

/** POST /users/payment/link → the redirect provider's checkout link. */
export async function requestPaymentLink(
  programId: string,
  promoCode: string | null,
  idempotencyKey?: string,
): Promise<string> {
  const answer = await apiRequest<{ link: string }>('/users/payment/link', {
    method: 'POST',
    body: { programId, ...(promoCode ? { promoCode } : {}) },
    ...(idempotencyKey ? { headers: { [idempotencyKeyHeader]: idempotencyKey } } : {}),
  });
  return answer.link;
}

const promoPath = (programId: string, code: string) =>
  `/academy/program/${encodeURIComponent(programId)}/promo-code/${encodeURIComponent(code)}`;

/** GET …/promo-code/{code}/availability: FREE gives the program away; anything else discounts it. */
export function checkPromoAvailability(programId: string, code: string) {
  return apiRequest<ProgramPromoAvailability>(`${promoPath(programId, code)}/availability`);
}

/** POST …/promo-code/{code}/activate: grants a FREE code's program. */
export function activatePromoCode(programId: string, code: string) {
  return apiRequest<{ activated: true; programId: string }>(`${promoPath(programId, code)}/activate`, {
    method: 'POST',
  });
}

/** After a purchase: dropped and refetched (see payments/refresh-after-purchase). */
export { refreshAfterPurchase } from './refresh-after-purchase';

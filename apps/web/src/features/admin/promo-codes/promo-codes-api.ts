import type {
  AdminPromoCode,
  CreatePromoCodesRequest,
  CreatePromoCodesResponse,
  PromoCodeChoices,
  PromoCodeDetail,
  PromoCodeList,
  PromoCodeStatus,
} from '@alcancia/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Promo codes (support and admin). */

export function usePromoCodes(search: string, batchId: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'promo-codes', search, batchId, page],
    queryFn: ({ signal }) =>
      apiRequest<PromoCodeList>('/admin/promo-codes', { signal, query: { search, batchId, page } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const promoCodeKey = (code: string) => ['admin', 'promo-code', code.toLowerCase()] as const;

export function usePromoCode(code: string) {
  return useQuery({
    queryKey: promoCodeKey(code),
    queryFn: ({ signal }) =>
      apiRequest<PromoCodeDetail>(`/admin/promo-codes/${encodeURIComponent(code)}`, { signal }),
    staleTime: 0,
  });
}

/** The plans, programs and packs a code may be limited to, by name (for the form's pickers). */
export function usePromoCodeChoices() {
  return useQuery({
    queryKey: ['admin', 'promo-code-choices'],
    queryFn: ({ signal }) => apiRequest<PromoCodeChoices>('/admin/promo-code-choices', { signal }),
    staleTime: 60_000,
  });
}

export const createPromoCodes = (body: CreatePromoCodesRequest) =>
  apiRequest<CreatePromoCodesResponse>('/admin/promo-codes', { method: 'POST', body });

export const updatePromoCode = (code: string, body: { status?: 'active' | 'paused' | 'ended' }) =>
  apiRequest<AdminPromoCode>(`/admin/promo-codes/${encodeURIComponent(code)}`, { method: 'PATCH', body });

export const statusLabels: Record<PromoCodeStatus, [string, string]> = {
  active: ['Activo', 'admin-badge-ok'],
  paused: ['Pausado', 'admin-badge-warn'],
  ended: ['Dado de baja', 'admin-badge-bad'],
  scheduled: ['Programado', 'admin-badge'],
  expired: ['Vencido', 'admin-badge'],
  exhausted: ['Agotado', 'admin-badge'],
};

export const typeLabels: Record<string, string> = {
  FREE_PERIOD: 'Período gratis de un plan',
  DISCOUNT_COUPON: 'Descuento en un plan',
  PROGRAM_FREE: 'Programa o pack gratis',
  PROGRAM_DISCOUNT: 'Descuento en programas o packs',
};

/** What a code gives, in a few words: "30 % en Plan Básico (mensual)". */
export function effectOf(code: AdminPromoCode): string {
  const scope = (list: string[], all: string) => (list.length > 0 ? list.join(', ') : all);
  switch (code.type) {
    case 'FREE_PERIOD': {
      const months = code.freeMonths ? `${code.freeMonths} ${code.freeMonths === 1 ? 'mes' : 'meses'}` : '';
      const days = code.freeDays ? `${code.freeDays} ${code.freeDays === 1 ? 'día' : 'días'}` : '';
      const plan = code.planId ? `de ${code.planId}` : 'del plan más liviano';
      return `${[months, days].filter(Boolean).join(' y ')} gratis ${plan}`;
    }
    case 'DISCOUNT_COUPON':
      return `${code.discountPercent} % en ${scope(code.planIds, 'cualquier plan')} (${scope(code.frequencies, 'toda frecuencia')})`;
    case 'PROGRAM_FREE':
      return `Gratis: ${scope(code.programIds, 'cualquier programa o pack')}`;
    case 'PROGRAM_DISCOUNT':
      return `${code.discountPercent} % en ${scope(code.programIds, 'cualquier programa o pack')}`;
    default:
      return code.type;
  }
}

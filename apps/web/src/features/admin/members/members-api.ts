import type { AdminActionResult, MemberDetail, MemberList } from '@alcancia/contract/admin';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import type { GrantableProduct } from './grant-choices';

/** The members section's calls (support and admin). */

export function useMembers(search: string, page: number) {
  return useQuery({
    queryKey: ['admin', 'members', search, page],
    queryFn: ({ signal }) => apiRequest<MemberList>('/admin/members', { signal, query: { search, page } }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export const memberKey = (id: string) => ['admin', 'member', id] as const;

export function useMember(id: string) {
  return useQuery({
    queryKey: memberKey(id),
    queryFn: ({ signal }) => apiRequest<MemberDetail>(`/admin/members/${id}`, { signal }),
    staleTime: 0,
  });
}

const post = <T>(path: string, body?: unknown) => apiRequest<T>(path, { method: 'POST', body: body ?? {} });

export const resendValidation = (id: string) =>
  post<AdminActionResult>(`/admin/members/${id}/validation-mail`);
export const endSessions = (id: string) => post<AdminActionResult>(`/admin/members/${id}/sessions/end`);
export const grantProduct = (id: string, productId: string, reason: string) =>
  post<AdminActionResult>(`/admin/members/${id}/products`, { productId, reason });
export const revokeProduct = (id: string, productId: string, reason: string) =>
  post<AdminActionResult>(`/admin/members/${id}/products/${encodeURIComponent(productId)}/revoke`, {
    reason,
  });
export const cancelSubscription = (id: string, reason: string) =>
  post<AdminActionResult>(`/admin/members/${id}/subscription/cancel`, { reason });

/** The catalogue's programs and packs, for the grant picker (asked when the dialog opens). */
export function useGrantableProducts(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'grantable-products'],
    queryFn: ({ signal }) =>
      apiRequest<{ items: GrantableProduct[] }>('/admin/grantable-products', { signal }),
    enabled,
    staleTime: 60_000,
  });
}

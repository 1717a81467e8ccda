import type {
  AdminPaymentList,
  AdminRefund,
  AdminRefundResponse,
  PaymentsAttention,
} from '@alcancia/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Payments and refunds (support and admin). */

export const attentionKey = ['admin', 'payments', 'attention'] as const;

export function usePaymentsAttention() {
  return useQuery({
    queryKey: attentionKey,
    queryFn: ({ signal }) => apiRequest<PaymentsAttention>('/admin/payments/attention', { signal }),
    staleTime: 0,
  });
}

export function usePaymentSearch(search: string) {
  return useQuery({
    queryKey: ['admin', 'payments', 'search', search],
    queryFn: ({ signal }) => apiRequest<AdminPaymentList>('/admin/payments', { signal, query: { search } }),
    enabled: search.trim().length >= 3,
    staleTime: 0,
  });
}

/**
 * A refund through the provider. `idempotencyKey` is made when the confirmation opens: a second
 * press, or a repeated request, gets the first one's refund back instead of a second refund.
 */
export const refundPayment = (
  paymentId: string,
  body: { amount?: number; endAccess?: boolean; idempotencyKey: string; reason?: string },
) => apiRequest<AdminRefundResponse>(`/admin/payments/${paymentId}/refunds`, { method: 'POST', body });

export const retryRefund = (refundId: string) =>
  apiRequest<{ refund: AdminRefund }>(`/admin/refunds/${refundId}/retry`, { method: 'POST', body: {} });

export const syncOrder = (orderId: string) =>
  apiRequest<{ orderId: string; status: string; message: string }>(`/admin/orders/${orderId}/sync`, {
    method: 'POST',
    body: {},
  });

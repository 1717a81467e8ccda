import type { AccountPayment, WithdrawalResponse } from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

export const accountPaymentsKey = ['account', 'payments'] as const;

export function fetchAccountPayments(signal?: AbortSignal): Promise<AccountPayment[]> {
  return apiRequest<{ payments: AccountPayment[] }>('/users/me/payments', { signal }).then((r) => r.payments);
}

/** GET /users/me/payments: every payment of hers, newest first. */
export function useAccountPayments(enabled = true) {
  return useQuery({
    queryKey: accountPaymentsKey,
    queryFn: ({ signal }) => fetchAccountPayments(signal),
    staleTime: 30 * 1000,
    enabled,
  });
}

/**
 * Downloads a payment's receipt with her session (the API client sends the bearer token and
 * refreshes it) and saves it as comprobante-{operation}.pdf.
 */
export async function downloadReceipt(payment: Pick<AccountPayment, 'id' | 'providerPaymentId'>) {
  const pdf = await apiRequest<Blob>(`/users/me/payments/${encodeURIComponent(payment.id)}/receipt`);
  const url = URL.createObjectURL(pdf);
  const link = document.createElement('a');
  link.href = url;
  link.download = `comprobante-${payment.providerPaymentId}.pdf`;
  document.body.append(link);
  link.click();
  link.remove();
  // the download has started by now; the address is no longer needed
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** POST /users/me/withdrawals: revokes a purchase of hers. */
export function withdrawPayment(paymentId: string) {
  return apiRequest<WithdrawalResponse>('/users/me/withdrawals', { method: 'POST', body: { paymentId } });
}

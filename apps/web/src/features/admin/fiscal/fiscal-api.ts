import type { AdminFiscalDocumentsResponse, FiscalSettings } from '@alcancia/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** Invoices and credit notes (issue 28): support and admin read, admin retries. */

export const fiscalKey = ['admin', 'fiscal'] as const;

export type FiscalStatus = 'PENDING' | 'ISSUED' | 'FAILED';

export function useFiscalDocuments(month: string, status: FiscalStatus | '') {
  return useQuery({
    queryKey: [...fiscalKey, 'documents', month, status],
    queryFn: ({ signal }) =>
      apiRequest<AdminFiscalDocumentsResponse>('/admin/fiscal/documents', {
        signal,
        query: { month, status: status || undefined },
      }),
    staleTime: 0,
  });
}

export function useFiscalSettings() {
  return useQuery({
    queryKey: [...fiscalKey, 'settings'],
    queryFn: ({ signal }) => apiRequest<FiscalSettings>('/admin/fiscal/settings', { signal }),
    staleTime: 5 * 60_000,
  });
}

export const retryFiscalDocument = (id: string) =>
  apiRequest<{ status: FiscalStatus }>(`/admin/fiscal/documents/${id}/retry`, { method: 'POST', body: {} });

/** The month's sales book as CSV, fetched with the session and saved as a file. */
export async function downloadSalesBook(month: string) {
  const csv = await apiRequest<Blob>('/admin/fiscal/sales-book', { query: { month } });
  const url = URL.createObjectURL(csv);
  const link = document.createElement('a');
  link.href = url;
  link.download = `libro-de-ventas-${month}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

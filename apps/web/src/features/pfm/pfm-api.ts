import type {
  PfmAccount,
  PfmCard,
  PfmCuotasOContado,
  PfmMovement,
  PfmOverview,
  PfmPurchase,
  PfmRateKind,
  PfmRule,
  PfmStatement,
  PfmStatements,
  PfmTotals,
} from '@alcancia/contract/pfm';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** Mis Cuentas (issue 43): her space under /api/pfm. */
export const pfmKeys = {
  all: ['pfm'] as const,
  overview: ['pfm', 'overview'] as const,
  movements: (month: string) => ['pfm', 'movements', month] as const,
  statements: (cardId: string) => ['pfm', 'statements', cardId] as const,
  totals: (rate: PfmRateKind) => ['pfm', 'totals', rate] as const,
};

export function useOverview() {
  return useQuery({
    queryKey: pfmKeys.overview,
    queryFn: ({ signal }) => apiRequest<PfmOverview>('/pfm/overview', { signal }),
    staleTime: 30_000,
  });
}

export function useMovements(month: string) {
  return useQuery({
    queryKey: pfmKeys.movements(month),
    queryFn: ({ signal }) =>
      apiRequest<{ month: string; movements: PfmMovement[] }>('/pfm/movements', { query: { month }, signal }),
    staleTime: 30_000,
  });
}

export function useStatements(cardId: string) {
  return useQuery({
    queryKey: pfmKeys.statements(cardId),
    queryFn: ({ signal }) => apiRequest<PfmStatements>(`/pfm/cards/${cardId}/statements`, { signal }),
    staleTime: 30_000,
  });
}

export function useTotals(rate: PfmRateKind) {
  return useQuery({
    queryKey: pfmKeys.totals(rate),
    queryFn: ({ signal }) => apiRequest<PfmTotals>('/pfm/totals', { query: { rate }, signal }),
    staleTime: 60_000,
  });
}

/** A write of hers; everything of Mis Cuentas is read again after it. */
function useWrite<Input, Output>(send: (input: Input) => Promise<Output>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: pfmKeys.all }),
  });
}

export const useAddAccount = () =>
  useWrite(
    (body: {
      name: string;
      kind: PfmAccount['kind'];
      currency: PfmAccount['currency'];
      openingBalanceMinor: number;
    }) => apiRequest<PfmAccount>('/pfm/accounts', { method: 'POST', body }),
  );

export const useAddCard = () =>
  useWrite((body: { name: string; closingDay: number; dueDay: number }) =>
    apiRequest<PfmCard>('/pfm/cards', { method: 'POST', body }),
  );

export const useAddMovement = () =>
  useWrite(
    (body: {
      accountId: string;
      occurredOn: string;
      description: string;
      amountMinor: number;
      currency: PfmAccount['currency'];
      category?: string;
    }) => apiRequest<PfmMovement>('/pfm/movements', { method: 'POST', body }),
  );

export const useRecategorize = () =>
  useWrite(({ id, category }: { id: string; category: string }) =>
    apiRequest<PfmMovement>(`/pfm/movements/${id}`, { method: 'PATCH', body: { category } }),
  );

export const useAddRule = () =>
  useWrite((body: { contains: string; category: string }) =>
    apiRequest<PfmRule>('/pfm/rules', { method: 'POST', body }),
  );

export const useAddPurchase = () =>
  useWrite(
    ({
      cardId,
      ...body
    }: {
      cardId: string;
      occurredOn: string;
      description: string;
      amountMinor: number;
      currency: PfmAccount['currency'];
      installments: number;
      annualRatePercent?: string;
    }) => apiRequest<PfmPurchase>(`/pfm/cards/${cardId}/purchases`, { method: 'POST', body }),
  );

export const usePayStatement = () =>
  useWrite(
    ({ cardId, closingDate, accountId }: { cardId: string; closingDate: string; accountId?: string }) =>
      apiRequest<PfmStatement>(`/pfm/cards/${cardId}/statements/${closingDate}/payment`, {
        method: 'POST',
        body: accountId ? { accountId } : {},
      }),
  );

export function useCuotasOContado() {
  return useMutation({
    mutationFn: (body: {
      cashMinor: number;
      installments: number;
      installmentMinor: number;
      rateKind: 'plazo_fijo' | 'fci_money_market' | 'inflacion';
      ratePercent: string;
    }) => apiRequest<PfmCuotasOContado>('/pfm/calculators/cuotas-o-contado', { method: 'POST', body }),
  });
}

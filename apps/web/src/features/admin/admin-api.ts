import type {
  AdminPermission,
  AuditLogPage,
  Operator,
  RecoveryCodes,
  TotpConfirmRequest,
  TotpEnrolment,
  TotpReauthRequest,
} from '@alcancia/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';

/** The back office's own calls (the sections add theirs in their folders). */

export const operatorKey = ['admin', 'me'] as const;

/** GET /admin/me: who is operating, with which permissions. A learner gets 403 (no retry). */
export function useOperator() {
  return useQuery({
    queryKey: operatorKey,
    queryFn: ({ signal }) => apiRequest<Operator>('/admin/me', { signal }),
    staleTime: 60_000,
  });
}

export const can = (operator: Pick<Operator, 'permissions'>, permission: AdminPermission) =>
  operator.permissions.includes(permission);

/** 403 FORBIDDEN: a learner, or a role without the permission. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The Spanish text of a failed admin call: the server's message (always Spanish), or a fallback. */
export function adminErrorText(error: unknown): string {
  if (error instanceof ApiError && error.message) return error.message;
  return 'No pudimos completar la acción. Intentá nuevamente.';
}

/** Needs her password and a current code of her app, or a recovery code (issue 29). */
export function startTotpEnrolment(body: TotpReauthRequest) {
  return apiRequest<TotpEnrolment>('/admin/me/totp', { method: 'POST', body });
}

export function confirmTotpEnrolment(body: TotpConfirmRequest) {
  return apiRequest<RecoveryCodes>('/admin/me/totp/confirm', { method: 'POST', body });
}

export function replaceRecoveryCodes(code: string) {
  return apiRequest<RecoveryCodes>('/admin/me/recovery-codes', { method: 'POST', body: { code } });
}

export interface AuditFilters {
  actor?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  from?: string;
  to?: string;
  page: number;
}

export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: ['admin', 'audit-log', filters],
    queryFn: ({ signal }) =>
      apiRequest<AuditLogPage>('/admin/audit-log', { signal, query: { ...filters, pageSize: 25 } }),
    staleTime: 0,
  });
}

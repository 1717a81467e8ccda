import type { AccountSecurity, CountryCode, CurrentUser } from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { argentinaToday } from '../../shared/account/account-rules';
import { exportFileNameFor } from './account-rules';

/** The calls of Mi cuenta › Datos and Privacidad (her data and her account). */

export const accountSecurityKey = ['account', 'security'] as const;

/** GET /users/me/security: whether she has a password (else a mailed code proves it is her). */
export function useAccountSecurity() {
  return useQuery({
    queryKey: accountSecurityKey,
    queryFn: ({ signal }) => apiRequest<AccountSecurity>('/users/me/security', { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

export function updateProfile(changes: { name?: string; phone?: string; countryCode?: CountryCode }) {
  return apiRequest<CurrentUser>('/users/me', { method: 'PATCH', body: changes });
}

export function changePassword(currentPassword: string, newPassword: string) {
  return apiRequest('/users/me/password', { method: 'POST', body: { currentPassword, newPassword } });
}

export function requestEmailChange(email: string) {
  return apiRequest('/users/me/email', { method: 'POST', body: { email } });
}

export function confirmEmailChange(email: string, code: string) {
  return apiRequest<CurrentUser>('/users/me/email/confirm', { method: 'POST', body: { email, code } });
}

export function requestDeletionCode() {
  return apiRequest('/users/me/deletion-code', { method: 'POST' });
}

export function deleteAccount(proof: { password: string } | { code: string }) {
  return apiRequest('/users/me', { method: 'DELETE', body: proof });
}

/**
 * "Descargar mis datos": GET /users/me/export with her session (bearer token, one refresh if it
 * expired), saved as a file.
 */
export async function downloadDataExport(): Promise<void> {
  const data = await apiRequest<unknown>('/users/me/export');
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileNameFor(argentinaToday());
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

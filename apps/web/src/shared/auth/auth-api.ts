import type { Credentials, ServiceControl } from '@alcancia/contract';
import type { CountryCode } from '@alcancia/contract/rules';
import { apiRequest } from '../../lib/api-client';

/** The /users calls of the auth screens. None carries the session. */
const anonymous = { authenticated: false } as const;

export interface RegisterPayload {
  name: string;
  email: string;
  password: string;
  country: CountryCode;
  telephone: string;
}

export function register(payload: RegisterPayload) {
  return apiRequest<{ userId: string }>('/users/register', { method: 'POST', body: payload, ...anonymous });
}

export function validateAccount(email: string, validationCode: string) {
  return apiRequest<{ ok: true }>('/users/validateAccount', {
    method: 'POST',
    body: { email, validationCode },
    ...anonymous,
  });
}

export function resendConfirmationCode(email: string) {
  return apiRequest<{ ok: true }>('/users/resendConfirmationCode', {
    method: 'POST',
    body: { email },
    ...anonymous,
  });
}

export function forgotPassword(email: string) {
  return apiRequest<{ ok: true }>('/users/forgotPassword', { method: 'POST', body: { email }, ...anonymous });
}

export function confirmPassword(email: string, password: string, code: string) {
  return apiRequest<{ ok: true }>('/users/confirmPassword', {
    method: 'POST',
    body: { email, password, code },
    ...anonymous,
  });
}

export function credentialsFromCode(email: string, verificationCode: string) {
  return apiRequest<Credentials>('/users/credentials', {
    query: { email, verification_code: verificationCode },
    ...anonymous,
  });
}

/** The social return: the provider's code and state (the cookie set at start travels along). */
export function socialLogin(code: string, state: string) {
  return apiRequest<Credentials>('/users/socialLogin', {
    query: { code, state, channel: 'web' },
    ...anonymous,
  });
}

export type SocialProvider = 'google' | 'facebook';

export function serviceControl(name: 'SOCIAL_LOGIN_GOOGLE' | 'SOCIAL_LOGIN_FACEBOOK', signal?: AbortSignal) {
  return apiRequest<ServiceControl>(`/service-control/${name}`, { signal, ...anonymous });
}

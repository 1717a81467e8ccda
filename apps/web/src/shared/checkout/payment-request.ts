import type { RefusedReason } from '@alcancia/contract';
import { ApiError } from '../../lib/api-client';
import { readCredentials, refreshSession } from '../../lib/session';
import { endSession } from '../auth/session-actions';
import { asRefusedReason } from './refusal-messages';

/**
 * A card payment call. Unlike other calls, a refusal (HTTP 402 PAYMENT_REFUSED) is an expected
 * answer whose body carries refusedReason, which the shared API client does not keep; so this
 * posts on its own, with the same session rules: the bearer, one refresh on a 401 (serialised
 * across tabs by refreshSession), and the end of the session when the refresh is refused.
 */
export type PaymentAnswer<T> =
  | { outcome: 'accepted'; httpStatus: number; body: T }
  | { outcome: 'refused'; reason: RefusedReason; message: string };

async function send(
  path: string,
  body: unknown,
  token: string | null,
  method: 'POST' | 'PUT',
): Promise<Response> {
  const headers: Record<string, string> = { accept: 'application/json', 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(`/api${path}`, { method, headers, body: JSON.stringify(body) });
  } catch {
    throw new ApiError(
      0,
      'NETWORK_ERROR',
      'No pudimos conectarnos. Revisá tu conexión e intentá nuevamente.',
    );
  }
}

async function readJson(response: Response): Promise<Record<string, unknown>> {
  try {
    const data: unknown = await response.json();
    return data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function postPayment<T>(
  path: string,
  body: unknown,
  method: 'POST' | 'PUT' = 'POST',
): Promise<PaymentAnswer<T>> {
  const sent = readCredentials()?.accessToken ?? null;
  let response = await send(path, body, sent, method);
  if (response.status === 401 && sent) {
    let refreshed = readCredentials()?.accessToken !== sent;
    if (!refreshed) refreshed = await refreshSession();
    const current = readCredentials()?.accessToken ?? null;
    if (!refreshed || !current) {
      endSession('expired');
    } else {
      response = await send(path, body, current, method);
    }
  }
  const data = await readJson(response);
  if (response.ok) return { outcome: 'accepted', httpStatus: response.status, body: data as T };
  if (response.status === 402 && data.internalCode === 'PAYMENT_REFUSED') {
    return {
      outcome: 'refused',
      reason: asRefusedReason(data.refusedReason),
      message: typeof data.message === 'string' ? data.message : '',
    };
  }
  throw new ApiError(
    response.status,
    typeof data.internalCode === 'string' ? data.internalCode : 'UNEXPECTED_ERROR',
    typeof data.message === 'string' ? data.message : 'Ocurrió un error inesperado. Intentá nuevamente.',
  );
}

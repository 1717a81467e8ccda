import type { ErrorResponse, FieldError } from '@alcancia/contract';
import type { z } from 'zod';

/** An API failure as the server described it (`internalCode`), or a network failure. */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    public readonly internalCode: string,
    message: string,
    public readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/**
 * A failure of the moment: no connection (status 0), too many attempts (429) or the server (5xx),
 * or not an API answer at all. The same request, unchanged, may work a moment later.
 */
export function isMomentaryFailure(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status === 429 || error.status >= 500;
}

/**
 * How the client carries the session. The app installs it (lib/session); until then requests go
 * without a token. On a 401, `refresh` runs once (shared by concurrent requests) and the request is
 * repeated once; when refreshing resolves false, `onSessionExpired` logs the user out. When it
 * throws (a transient failure), the error reaches the caller and the session is kept.
 */
export interface SessionHooks {
  getAccessToken(): string | null;
  refresh(): Promise<boolean>;
  onSessionExpired(): void;
}

let session: SessionHooks | null = null;
let refreshing: Promise<boolean> | null = null;

export function installSessionHooks(hooks: SessionHooks | null): void {
  session = hooks;
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  /** zod schema of the response; when given the response is parsed (and typed) with it */
  schema?: z.ZodType<T>;
  signal?: AbortSignal;
  /** false for calls that must not carry or refresh the session (login, refresh itself) */
  authenticated?: boolean;
  /** an explicit bearer token; the session is then neither read nor refreshed */
  token?: string | null;
  /** let the request outlive the page (logout and tracking right before navigating away) */
  keepalive?: boolean;
}

const networkError = () =>
  new ApiError(0, 'NETWORK_ERROR', 'No pudimos conectarnos. Revisá tu conexión e intentá nuevamente.');

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const url = `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

/**
 * Resolves in a later task. A page's first render starts its reads from its effects, a dozen in
 * one task, and each fetch() call costs a few milliseconds of main thread on a phone; started one
 * per task they no longer add up to one long task (Total Blocking Time).
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

async function send(path: string, options: RequestOptions<unknown>, token: string | null): Promise<Response> {
  // Only reads wait for the next task: writes answer a user's action (and a keepalive write goes
  // out while the page is leaving).
  if ((options.method ?? 'GET') === 'GET' && !options.keepalive) {
    await nextTask();
    options.signal?.throwIfAborted();
  }
  const headers: Record<string, string> = { accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    return await fetch(buildUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw networkError();
  }
}

async function toApiError(response: Response): Promise<ApiError> {
  let body: Partial<ErrorResponse> = {};
  try {
    body = (await response.json()) as Partial<ErrorResponse>;
  } catch {
    // not JSON: keep the generic message
  }
  return new ApiError(
    response.status,
    body.internalCode ?? 'UNEXPECTED_ERROR',
    body.message ?? 'Ocurrió un error inesperado. Intentá nuevamente.',
    body.fields,
  );
}

function refreshOnce(hooks: SessionHooks): Promise<boolean> {
  refreshing ??= hooks.refresh().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/** Calls `/api{path}`; resolves with the parsed body or throws ApiError. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const explicitToken = options.token !== undefined;
  const useSession = options.authenticated !== false && !explicitToken ? session : null;
  const sentToken = explicitToken ? (options.token ?? null) : (useSession?.getAccessToken() ?? null);
  let response = await send(path, options, sentToken);
  if (response.status === 401 && useSession && sentToken) {
    // Another request (or tab) may have rotated the tokens while this one was in flight.
    let refreshed = useSession.getAccessToken() !== sentToken;
    // A refresh that throws (no network, server failure) keeps the session and fails this call.
    if (!refreshed) refreshed = await refreshOnce(useSession);
    const current = useSession.getAccessToken();
    if (!refreshed || !current) {
      useSession.onSessionExpired();
      throw await toApiError(response);
    }
    response = await send(path, options, current);
  }
  if (!response.ok) throw await toApiError(response);
  if (response.status === 204) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  const data: unknown = contentType.includes('application/json')
    ? await response.json()
    : await response.blob();
  return options.schema ? options.schema.parse(data) : (data as T);
}

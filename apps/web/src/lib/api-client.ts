import type { ClientErrorCode, ErrorCode, ErrorResponse, FieldError } from '@alcancia/contract';
import type { z } from 'zod';
import { takeEarly } from './early-answers';

/**
 * A failure's code: one of the API's error catalogue (`errorCatalogue`, decision 0310) or the web's
 * own (NETWORK_ERROR). Comparing it with a code outside the catalogue does not typecheck.
 */
export type ApiErrorCode = ErrorCode | ClientErrorCode;

/**
 * An API failure as the server described it (`internalCode`), or a network failure. The code is
 * read as a catalogue code: the API answers no other (`npm run check:error-codes`); the
 * constructor takes the wire's string, as a test faking an older or newer server does.
 */
export class ApiError extends Error {
  public readonly internalCode: ApiErrorCode;

  constructor(
    public readonly status: number,
    internalCode: ApiErrorCode | (string & {}),
    message: string,
    public readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'ApiError';
    this.internalCode = internalCode as ApiErrorCode;
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
  /** extra request headers (a checkout submit's Idempotency-Key) */
  headers?: Record<string, string>;
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
  const url = buildUrl(path, options.query);
  const read = (options.method ?? 'GET') === 'GET' && !options.keepalive;
  // a first screen's read the entry sent before this code ran (lib/early-answers.ts)
  const early = read ? takeEarly(url, token) : undefined;
  // Only reads wait for the next task: writes answer a user's action (and a keepalive write goes
  // out while the page is leaving).
  if (read && !early) {
    await nextTask();
    options.signal?.throwIfAborted();
  }
  const headers: Record<string, string> = { ...options.headers, accept: 'application/json' };
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  try {
    if (early) return await early;
    return await fetch(url, {
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

/** A failure's body as sent: the contract's ErrorResponse and whatever the failure adds. */
async function readFailureBody(
  response: Response,
): Promise<Partial<ErrorResponse> & Record<string, unknown>> {
  try {
    const data: unknown = await response.json();
    if (data && typeof data === 'object') return data as Partial<ErrorResponse> & Record<string, unknown>;
  } catch {
    // not JSON: keep the generic message
  }
  return {};
}

function toApiError(status: number, body: Partial<ErrorResponse>): ApiError {
  return new ApiError(
    status,
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

/**
 * Sends the request with the session's rules and resolves with the server's answer: on a 401 the
 * session is refreshed once and the request repeated once; a refused refresh ends the session.
 */
async function exchange(path: string, options: RequestOptions<unknown>): Promise<Response> {
  const explicitToken = options.token !== undefined;
  const useSession = options.authenticated !== false && !explicitToken ? session : null;
  const sentToken = explicitToken ? (options.token ?? null) : (useSession?.getAccessToken() ?? null);
  const response = await send(path, options, sentToken);
  if (response.status === 401 && useSession && sentToken) {
    // Another request (or tab) may have rotated the tokens while this one was in flight.
    let refreshed = useSession.getAccessToken() !== sentToken;
    // A refresh that throws (no network, server failure) keeps the session and fails this call.
    if (!refreshed) refreshed = await refreshOnce(useSession);
    const current = useSession.getAccessToken();
    if (!refreshed || !current) {
      useSession.onSessionExpired();
      throw toApiError(response.status, await readFailureBody(response));
    }
    return send(path, options, current);
  }
  return response;
}

async function readBody<T>(response: Response, options: RequestOptions<T>): Promise<T> {
  if (response.status === 204) return undefined as T;
  const contentType = response.headers.get('content-type') ?? '';
  const data: unknown = contentType.includes('application/json')
    ? await response.json()
    : await response.blob();
  return options.schema ? options.schema.parse(data) : (data as T);
}

/** Calls `/api{path}`; resolves with the parsed body or throws ApiError. */
export async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const response = await exchange(path, options);
  if (!response.ok) throw toApiError(response.status, await readFailureBody(response));
  return readBody(response, options);
}

/**
 * A failure the caller expects and reads instead of an error: a card payment's 402
 * PAYMENT_REFUSED carries the reason the payment forms show (refusedReason). `body` is the
 * failure's body as the server sent it.
 */
export interface ApiRefusal {
  status: number;
  internalCode: string;
  /** the server's message, '' when it sent none */
  message: string;
  body: Record<string, unknown>;
}

export type ApiAnswer<T> = { refused: false; body: T } | { refused: true; refusal: ApiRefusal };

export interface AnswerOptions<T> extends RequestOptions<T> {
  /** the failures (status and internalCode) that resolve as a refusal instead of throwing */
  refusals: readonly { status: number; internalCode: string }[];
}

/**
 * Calls `/api{path}` like apiRequest (same session rules), but a failure listed in `refusals`
 * resolves as `{ refused: true, refusal }` with its body; any other failure throws ApiError.
 */
export async function apiAnswer<T = unknown>(path: string, options: AnswerOptions<T>): Promise<ApiAnswer<T>> {
  const response = await exchange(path, options);
  if (response.ok) return { refused: false, body: await readBody(response, options) };
  const body = await readFailureBody(response);
  const refused = options.refusals.some(
    (refusal) => refusal.status === response.status && refusal.internalCode === body.internalCode,
  );
  if (!refused) throw toApiError(response.status, body);
  return {
    refused: true,
    refusal: {
      status: response.status,
      internalCode: String(body.internalCode),
      message: typeof body.message === 'string' ? body.message : '',
      body,
    },
  };
}

/**
 * Calls `/api{path}` and gives the answer's Response to read as it arrives (a streamed answer:
 * Aladina's server-sent events), with the session's rules; a refusal throws ApiError as
 * `apiRequest` does.
 */
export async function apiStream(path: string, options: RequestOptions<unknown> = {}): Promise<Response> {
  const response = await exchange(path, { ...options, headers: { ...options.headers } });
  if (!response.ok) throw toApiError(response.status, await readFailureBody(response));
  return response;
}

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiAnswer, apiRequest, installSessionHooks } from './api-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('apiRequest', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    installSessionHooks(null);
    vi.unstubAllGlobals();
  });

  it('throws the server internalCode and message', async () => {
    fetchMock.mockResolvedValue(json(404, { internalCode: 'NOT_FOUND', message: 'No existe' }));
    const error = await apiRequest('/x').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, internalCode: 'NOT_FOUND', message: 'No existe' });
  });

  it('refreshes once on 401 and repeats the request with the new token', async () => {
    let token = 'old';
    const refresh = vi.fn(async () => {
      token = 'new';
      return true;
    });
    installSessionHooks({ getAccessToken: () => token, refresh, onSessionExpired: vi.fn() });
    fetchMock
      .mockResolvedValueOnce(json(401, { internalCode: 'UNAUTHORIZED', message: '' }))
      .mockResolvedValueOnce(json(401, { internalCode: 'UNAUTHORIZED', message: '' }))
      .mockImplementation(async () => json(200, { ok: true }));
    const results = await Promise.all([apiRequest('/a'), apiRequest('/b')]);
    expect(results).toEqual([{ ok: true }, { ok: true }]);
    expect(refresh).toHaveBeenCalledTimes(1);
    const lastHeaders = fetchMock.mock.calls.at(-1)?.[1]?.headers as Record<string, string>;
    expect(lastHeaders.authorization).toBe('Bearer new');
  });

  it('ends the session when the refresh fails', async () => {
    const onSessionExpired = vi.fn();
    installSessionHooks({ getAccessToken: () => 't', refresh: async () => false, onSessionExpired });
    fetchMock.mockImplementation(async () =>
      json(401, { internalCode: 'UNAUTHORIZED', message: 'Sesión vencida' }),
    );
    await expect(apiRequest('/a')).rejects.toMatchObject({ status: 401 });
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('reports a network failure in Spanish', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(apiRequest('/a')).rejects.toMatchObject({ internalCode: 'NETWORK_ERROR' });
  });
});

function headersOf(mock: ReturnType<typeof vi.fn>, call: number): Record<string, string> {
  const init = mock.mock.calls[call]?.[1] as RequestInit | undefined;
  return (init?.headers ?? {}) as Record<string, string>;
}

describe('apiRequest session details', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    installSessionHooks(null);
    vi.unstubAllGlobals();
  });

  it('retries with the new token without refreshing when it was rotated meanwhile', async () => {
    let token = 'old';
    const refresh = vi.fn(async () => true);
    installSessionHooks({ getAccessToken: () => token, refresh, onSessionExpired: vi.fn() });
    fetchMock.mockImplementationOnce(async () => {
      token = 'new'; // another request or tab refreshed while this one was in flight
      return json(401, { internalCode: 'UNAUTHORIZED', message: '' });
    });
    fetchMock.mockResolvedValueOnce(json(200, { ok: true }));
    await expect(apiRequest('/a')).resolves.toEqual({ ok: true });
    expect(refresh).not.toHaveBeenCalled();
    expect(headersOf(fetchMock, 1).authorization).toBe('Bearer new');
  });

  it('keeps the session when refreshing fails for a transient reason', async () => {
    const onSessionExpired = vi.fn();
    const offline = new ApiError(0, 'NETWORK_ERROR', 'Sin conexión');
    installSessionHooks({
      getAccessToken: () => 't',
      refresh: async () => {
        throw offline;
      },
      onSessionExpired,
    });
    fetchMock.mockResolvedValue(json(401, { internalCode: 'UNAUTHORIZED', message: '' }));
    await expect(apiRequest('/a')).rejects.toBe(offline);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('sends an explicit token and never refreshes it', async () => {
    const refresh = vi.fn(async () => true);
    installSessionHooks({ getAccessToken: () => 'session', refresh, onSessionExpired: vi.fn() });
    fetchMock.mockResolvedValue(json(401, { internalCode: 'INVALID_REFRESH_TOKEN', message: '' }));
    await expect(
      apiRequest('/users/refreshToken', { method: 'POST', token: 'explicit' }),
    ).rejects.toMatchObject({
      status: 401,
    });
    expect(headersOf(fetchMock, 0).authorization).toBe('Bearer explicit');
    expect(refresh).not.toHaveBeenCalled();
  });

  it('does not carry the session on anonymous calls', async () => {
    installSessionHooks({ getAccessToken: () => 'session', refresh: vi.fn(), onSessionExpired: vi.fn() });
    fetchMock.mockResolvedValue(json(200, {}));
    await apiRequest('/users/login', { method: 'POST', body: {}, authenticated: false });
    expect(headersOf(fetchMock, 0).authorization).toBeUndefined();
  });
});

describe('apiAnswer', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  const refusals = [{ status: 402, internalCode: 'PAYMENT_REFUSED' }];
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    installSessionHooks(null);
    vi.unstubAllGlobals();
  });

  it('resolves an expected refusal with its body instead of throwing', async () => {
    fetchMock.mockResolvedValue(
      json(402, {
        internalCode: 'PAYMENT_REFUSED',
        message: 'Rechazado',
        refusedReason: 'insufficient_amount',
      }),
    );
    const answer = await apiAnswer('/pay', { method: 'POST', body: { a: 1 }, refusals });
    expect(answer).toEqual({
      refused: true,
      refusal: {
        status: 402,
        internalCode: 'PAYMENT_REFUSED',
        message: 'Rechazado',
        body: { internalCode: 'PAYMENT_REFUSED', message: 'Rechazado', refusedReason: 'insufficient_amount' },
      },
    });
    expect(fetchMock.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', body: '{"a":1}' });
  });

  it('throws any other failure, a 402 with another code included', async () => {
    fetchMock.mockResolvedValueOnce(json(402, { internalCode: 'OTHER', message: 'Otro' }));
    await expect(apiAnswer('/pay', { method: 'POST', refusals })).rejects.toMatchObject({
      status: 402,
      internalCode: 'OTHER',
      message: 'Otro',
    });
    fetchMock.mockResolvedValueOnce(json(409, { internalCode: 'PAYMENT_REFUSED', message: '' }));
    await expect(apiAnswer('/pay', { method: 'POST', refusals })).rejects.toBeInstanceOf(ApiError);
  });

  it('resolves an accepted answer with its body, after the same refresh on a 401', async () => {
    let token = 'old';
    installSessionHooks({
      getAccessToken: () => token,
      refresh: async () => {
        token = 'new';
        return true;
      },
      onSessionExpired: vi.fn(),
    });
    fetchMock
      .mockResolvedValueOnce(json(401, { internalCode: 'UNAUTHORIZED', message: '' }))
      .mockResolvedValueOnce(json(201, { id: 'p1' }));
    const answer = await apiAnswer('/pay', { method: 'PUT', body: {}, refusals });
    expect(answer).toEqual({ refused: false, body: { id: 'p1' } });
    expect(headersOf(fetchMock, 1).authorization).toBe('Bearer new');
  });
});

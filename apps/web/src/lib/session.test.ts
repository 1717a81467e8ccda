import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLockManager, jsonResponse, stubStorage } from '../test/browser-stubs';
import { ApiError } from './api-client';
import {
  clearCredentials,
  credentialsKey,
  getCredentials,
  isLoggedIn,
  readCredentials,
  refreshSession,
  saveCredentials,
  subscribeToSession,
} from './session';

const first = { token: 'a1', accessToken: 'a1', refreshToken: 'r1', userId: 'u1' };
const second = { token: 'a2', accessToken: 'a2', refreshToken: 'r2', userId: 'u1' };

let storage: ReturnType<typeof stubStorage>;
let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  storage = stubStorage();
  fetchMock = vi.fn();
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('navigator', {});
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('credentials storage', () => {
  it('stores the spec fields under "credentials"', () => {
    saveCredentials(first);
    expect(JSON.parse(storage.local.getItem(credentialsKey) ?? '')).toEqual(first);
    expect(readCredentials()).toEqual(first);
    expect(isLoggedIn()).toBe(true);
  });

  it('fails with "User not logged in" when read while logged out', () => {
    expect(readCredentials()).toBeNull();
    expect(() => getCredentials()).toThrow('User not logged in');
  });

  it('treats a corrupt or partial value as logged out', () => {
    storage.local.setItem(credentialsKey, '{nope');
    expect(isLoggedIn()).toBe(false);
    storage.local.setItem(credentialsKey, JSON.stringify({ accessToken: 'x' }));
    expect(isLoggedIn()).toBe(false);
  });

  it('fills token from accessToken when missing', () => {
    storage.local.setItem(
      credentialsKey,
      JSON.stringify({ accessToken: 'a', refreshToken: 'r', userId: 'u' }),
    );
    expect(readCredentials()?.token).toBe('a');
  });

  it('notifies subscribers on save and clear', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToSession(listener);
    saveCredentials(first);
    clearCredentials();
    unsubscribe();
    saveCredentials(first);
    expect(listener).toHaveBeenCalledTimes(2);
    expect(isLoggedIn()).toBe(true);
  });
});

describe('refreshSession', () => {
  it('rotates the tokens, sending the refresh token and the current access token', async () => {
    saveCredentials(first);
    fetchMock.mockResolvedValue(jsonResponse(200, second));
    await expect(refreshSession()).resolves.toBe(true);
    expect(readCredentials()).toEqual(second);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/users/refreshToken');
    expect(JSON.parse(String(init.body))).toEqual({ refreshToken: 'r1' });
    expect(init.headers.authorization).toBe('Bearer a1');
  });

  it('resolves false when the server refuses the refresh token', async () => {
    saveCredentials(first);
    fetchMock.mockResolvedValue(jsonResponse(401, { internalCode: 'INVALID_REFRESH_TOKEN', message: 'x' }));
    await expect(refreshSession()).resolves.toBe(false);
  });

  it('keeps the session on a transient failure (network, 429, 5xx)', async () => {
    saveCredentials(first);
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(refreshSession()).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockResolvedValueOnce(
      jsonResponse(429, { internalCode: 'TOO_MANY_REQUESTS', message: 'Esperá' }),
    );
    await expect(refreshSession()).rejects.toMatchObject({ status: 429 });
    expect(readCredentials()).toEqual(first);
  });

  it('resolves false when logged out', async () => {
    await expect(refreshSession()).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('serialises refreshes across tabs: the second caller uses the rotated tokens', async () => {
    const locks = fakeLockManager();
    vi.stubGlobal('navigator', { locks });
    saveCredentials(first);
    let release: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (release = resolve)));
    // Both "tabs" saw r1 before asking for the lock.
    const tabA = refreshSession();
    const tabB = refreshSession();
    await Promise.resolve();
    release(jsonResponse(200, second));
    await expect(Promise.all([tabA, tabB])).resolves.toEqual([true, true]);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(locks.request).toHaveBeenCalledTimes(2);
    expect(readCredentials()).toEqual(second);
  });

  it('re-reads storage after the lock: another tab already rotated, so no request is made', async () => {
    const gate: { open?: () => void } = {};
    const locks = {
      request: vi.fn(async (_name: string, _options: unknown, task: () => Promise<unknown>) => {
        await new Promise<void>((resolve) => (gate.open = resolve));
        return task();
      }),
    };
    vi.stubGlobal('navigator', { locks });
    saveCredentials(first);
    const pending = refreshSession();
    // While this tab waits for the lock, the other tab stores rotated credentials.
    storage.local.setItem(credentialsKey, JSON.stringify(second));
    gate.open?.();
    await expect(pending).resolves.toBe(true);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('resolves false when another tab ended the session while this one waited', async () => {
    const gate: { open?: () => void } = {};
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_n: string, _o: unknown, task: () => Promise<unknown>) => {
          await new Promise<void>((resolve) => (gate.open = resolve));
          return task();
        },
      },
    });
    saveCredentials(first);
    const pending = refreshSession();
    storage.local.removeItem(credentialsKey);
    gate.open?.();
    await expect(pending).resolves.toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

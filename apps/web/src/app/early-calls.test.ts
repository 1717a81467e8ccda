import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAcademyQueries } from '../features/academy/first-queries';
import { apiRequest, installSessionHooks } from '../lib/api-client';
import { askEarly } from '../lib/early-answers';
import { credentialsKey } from '../lib/session';
import { jsonResponse, stubStorage } from '../test/browser-stubs';
import { academyHomeCalls, sendEarlyCalls } from './early-calls';

const credentials = { token: 't1', accessToken: 't1', refreshToken: 'r1', userId: 'u1' };
let storage: ReturnType<typeof stubStorage>;
let fetchMock: ReturnType<typeof vi.fn>;
const urls = () => fetchMock.mock.calls.map(([url]) => String(url));

beforeEach(() => {
  storage = stubStorage();
  fetchMock = vi.fn(() => new Promise<Response>(() => undefined));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  installSessionHooks(null);
  vi.unstubAllGlobals();
});

describe('sendEarlyCalls', () => {
  it('on a first load of /academy with a session, sends the academy home’s calls with her token', () => {
    storage.local.setItem(credentialsKey, JSON.stringify(credentials));
    sendEarlyCalls({ pathname: '/academy', search: '' });
    expect(urls()).toEqual([...academyHomeCalls]);
    for (const [, init] of fetchMock.mock.calls) {
      expect((init as RequestInit).headers).toMatchObject({ authorization: 'Bearer t1' });
    }
  });

  it('sends nothing without a session, on another page or with a query string', () => {
    sendEarlyCalls({ pathname: '/academy', search: '' });
    storage.local.setItem(credentialsKey, JSON.stringify(credentials));
    sendEarlyCalls({ pathname: '/academy/cursos', search: '' });
    sendEarlyCalls({ pathname: '/login', search: '' });
    sendEarlyCalls({ pathname: '/academy', search: '?categoria=ahorro' });
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('are the calls the academy home starts through the query cache (first-queries.ts)', async () => {
    // another token than the tests above: what they sent early is not taken here
    storage.local.setItem(credentialsKey, JSON.stringify({ ...credentials, token: 't3', accessToken: 't3' }));
    installSessionHooks({ getAccessToken: () => 't3', refresh: async () => false, onSessionExpired() {} });
    startAcademyQueries(new QueryClient(), '/academy', '');
    // each read starts in a task of its own (api-client.ts)
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.length).toBeGreaterThanOrEqual(academyHomeCalls.length),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(new Set(urls())).toEqual(new Set(academyHomeCalls));
    expect(fetchMock).toHaveBeenCalledTimes(academyHomeCalls.length);
  });
});

describe('early answers', () => {
  const session = (token: string) =>
    installSessionHooks({ getAccessToken: () => token, refresh: async () => false, onSessionExpired() {} });

  it('apiRequest takes an answer sent early instead of asking again, once', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { items: [1] }));
    askEarly(['/api/academy/events'], 't4');
    session('t4');
    await expect(apiRequest('/academy/events')).resolves.toEqual({ items: [1] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/academy/events')).resolves.toEqual({ items: [1] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken with another token, nor by a request with a query string of its own', async () => {
    fetchMock.mockImplementation(async () => jsonResponse(200, { items: [] }));
    askEarly(['/api/academy/events', '/api/academy/courses/quick'], 'old');
    session('new');
    await apiRequest('/academy/events');
    expect(fetchMock).toHaveBeenCalledTimes(3);
    session('old');
    await apiRequest('/academy/courses/quick', { query: { category: 'ahorro' } });
    expect(urls().at(-1)).toBe('/api/academy/courses/quick?category=ahorro');
    expect(fetchMock).toHaveBeenCalledTimes(4);
  });

  it('an early answer of 401 goes through the session’s refresh like any other', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(401, { internalCode: 'UNAUTHORIZED', message: 'x' }),
    );
    askEarly(['/api/users/me/bootstrap'], 't6');
    const refresh = vi.fn(async () => false);
    const onSessionExpired = vi.fn();
    installSessionHooks({ getAccessToken: () => 't6', refresh, onSessionExpired });
    await expect(apiRequest('/users/me/bootstrap')).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

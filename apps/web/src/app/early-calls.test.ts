import { academyHomeAnswersUrl } from '@alcancia/contract/academy-home';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startAcademyQueries } from '../features/academy/first-queries';
import { apiRequest, installSessionHooks } from '../lib/api-client';
import { askEarlyTogether } from '../lib/early-answers';
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
  it('on a first load of /academy with a session, asks for the academy home’s answers in one call with her token', () => {
    storage.local.setItem(credentialsKey, JSON.stringify(credentials));
    sendEarlyCalls({ pathname: '/academy', search: '' });
    expect(urls()).toEqual([academyHomeAnswersUrl]);
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.headers).toMatchObject({ authorization: 'Bearer t1' });
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

  /** One answer carrying `body` for each URL (GET /users/me/academy-home's shape). */
  const together = (urls: string[], body: unknown) =>
    jsonResponse(200, { parts: urls.map((url) => ({ url, status: 200, body })) });

  it('apiRequest takes an answer sent early instead of asking again, once', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/together'
        ? together(['/api/academy/events'], { items: [1] })
        : jsonResponse(200, { items: [1] }),
    );
    askEarlyTogether('/api/together', ['/api/academy/events'], 't4');
    session('t4');
    await expect(apiRequest('/academy/events')).resolves.toEqual({ items: [1] });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await expect(apiRequest('/academy/events')).resolves.toEqual({ items: [1] });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('is not taken with another token, nor by a request with a query string of its own', async () => {
    const early = ['/api/academy/events', '/api/academy/courses/quick'];
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/together' ? together(early, { items: [] }) : jsonResponse(200, { items: [] }),
    );
    askEarlyTogether('/api/together', early, 'old');
    session('new');
    await apiRequest('/academy/events');
    expect(urls()).toEqual(['/api/together', '/api/academy/events']);
    session('old');
    await apiRequest('/academy/courses/quick', { query: { category: 'ahorro' } });
    expect(urls().at(-1)).toBe('/api/academy/courses/quick?category=ahorro');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('each part of an answer asked together is taken by its own URL’s request, once', async () => {
    fetchMock.mockImplementation(async (url: string) =>
      url === '/api/together'
        ? jsonResponse(200, {
            parts: [
              { url: '/api/academy/events', status: 200, body: { items: ['e'] } },
              { url: '/api/academy/filters', status: 404, body: { internalCode: 'NOT_FOUND', message: 'x' } },
            ],
          })
        : jsonResponse(200, { alone: url }),
    );
    askEarlyTogether(
      '/api/together',
      ['/api/academy/events', '/api/academy/filters', '/api/academy/packs/quick'],
      't7',
    );
    session('t7');
    await expect(apiRequest('/academy/events')).resolves.toEqual({ items: ['e'] });
    await expect(apiRequest('/academy/filters')).rejects.toMatchObject({
      status: 404,
      internalCode: 'NOT_FOUND',
    });
    // a URL the answer does not carry is asked alone
    await expect(apiRequest('/academy/packs/quick')).resolves.toEqual({ alone: '/api/academy/packs/quick' });
    expect(urls()).toEqual(['/api/together', '/api/academy/packs/quick']);
    // taken once: asked again, it goes out
    await expect(apiRequest('/academy/events')).resolves.toEqual({ alone: '/api/academy/events' });
  });

  it('a refusal of the whole (401) is each part’s answer and goes through the session’s refresh', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(401, { internalCode: 'UNAUTHORIZED', message: 'x' }),
    );
    askEarlyTogether('/api/together', ['/api/academy/events', '/api/academy/filters'], 't8');
    const refresh = vi.fn(async () => false);
    const onSessionExpired = vi.fn();
    installSessionHooks({ getAccessToken: () => 't8', refresh, onSessionExpired });
    await expect(apiRequest('/academy/events')).rejects.toMatchObject({ status: 401 });
    await expect(apiRequest('/academy/filters')).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(2);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('an early answer of 401 goes through the session’s refresh like any other', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(401, { internalCode: 'UNAUTHORIZED', message: 'x' }),
    );
    askEarlyTogether('/api/together', ['/api/users/me/bootstrap'], 't6');
    const refresh = vi.fn(async () => false);
    const onSessionExpired = vi.fn();
    installSessionHooks({ getAccessToken: () => 't6', refresh, onSessionExpired });
    await expect(apiRequest('/users/me/bootstrap')).rejects.toMatchObject({ status: 401 });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

import type { BootstrapResponse } from '@alcancia/contract';
import { QueryObserver } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installSessionHooks } from '../../lib/api-client';
import {
  accountKeys,
  currentUserQuery,
  serviceControlQuery,
  subscriptionQuery,
} from '../../shared/account/account-queries';
import { featureFlagsKey, startBootstrap } from '../../shared/account/bootstrap';
import { subscriptionKeys } from '../../shared/checkout/subscriptions-api';
import { createQueryClient } from '../query-client';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

const user = {
  id: 'u-1',
  name: 'Ana',
  email: 'ana@example.com',
  emailVerified: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  subscriptionEndDate: '2099-01-31',
  countryCode: 'AR',
  telephone: '+5491123456789',
  purchases: { programs: ['p-1'] },
  learningGoals: [],
  knowledgeLevel: null,
  interestsPending: false,
} satisfies BootstrapResponse['user'];

const answer: BootstrapResponse = {
  user,
  subscription: {
    isSubscribed: true,
    subscriptionPlan: { id: 'oro', name: 'Oro', weight: 2, privateServices: ['COMMUNITY'] },
    subscriptionEndDate: '2099-01-31',
  },
  lastUserServiceOrigin: 'PROMO_CODE',
  featureFlags: { enableMonthlySubscriptionPurchase: true, enableAnnualSubscriptionPurchase: false },
  serviceControls: [{ name: 'COMMUNITY', enabled: true, resource: null, reference: 'ref' }],
};

const paths = (mock: ReturnType<typeof vi.fn>) => mock.mock.calls.map(([url]) => String(url));

it("stores the purchase flags under the plans' hook's key", () => {
  expect(featureFlagsKey).toEqual(subscriptionKeys.flags);
});

describe('startBootstrap', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    installSessionHooks({
      getAccessToken: () => 'token',
      refresh: async () => false,
      onSessionExpired: vi.fn(),
    });
  });
  afterEach(() => {
    installSessionHooks(null);
    vi.unstubAllGlobals();
  });

  it("seeds every piece under its hook's key with one call; the hooks' queries then ask for nothing", async () => {
    fetchMock.mockImplementation(async () => json(200, answer));
    const client = createQueryClient();
    const started = startBootstrap(client);
    // a hook mounting while the answer is on its way joins it instead of asking again
    const shellUser = new QueryObserver(client, currentUserQuery);
    const unsubscribe = shellUser.subscribe(() => undefined);
    await expect(started).resolves.toEqual(user);

    expect(client.getQueryData(accountKeys.currentUser)).toEqual(user);
    expect(client.getQueryData(accountKeys.subscription)).toEqual({
      ...answer.subscription,
      lastUserServiceOrigin: 'PROMO_CODE',
    });
    expect(client.getQueryData(accountKeys.serviceControl('COMMUNITY'))).toEqual(answer.serviceControls[0]);
    // a switch the operator does not have is off, as GET /service-control's 404 reads
    expect(client.getQueryData(accountKeys.serviceControl('CHAT_BOT'))).toEqual({
      name: 'CHAT_BOT',
      enabled: false,
      resource: null,
      reference: null,
    });
    expect(client.getQueryData(subscriptionKeys.flags)).toEqual(answer.featureFlags);

    // the hooks' own options (keys, freshness): served from the cache
    await client.fetchQuery(currentUserQuery);
    await client.fetchQuery(subscriptionQuery);
    await client.fetchQuery(serviceControlQuery('COMMUNITY'));
    await client.fetchQuery(serviceControlQuery('CHAT_BOT'));
    await startBootstrap(client);
    expect(paths(fetchMock)).toEqual(['/api/users/me/bootstrap']);
    expect(shellUser.getCurrentResult().data).toEqual(user);
    unsubscribe();
  });

  it('asks for each piece by its own endpoint when the answer fails (not an ended session)', async () => {
    fetchMock.mockImplementation(async (url: string) => {
      if (url === '/api/users/me/bootstrap') return json(404, { internalCode: 'NOT_FOUND', message: '' });
      if (url === '/api/users') return json(200, user);
      if (url === '/api/users/isSubscribed') return json(200, answer.subscription);
      if (url === '/api/users/subscriptions/lastOrigin') return json(200, { lastUserServiceOrigin: 'CARD' });
      if (url.startsWith('/api/service-control/')) {
        return json(200, { name: url.split('/').at(-1), enabled: true, resource: null, reference: null });
      }
      return json(500, {});
    });
    const client = createQueryClient();
    await expect(startBootstrap(client)).resolves.toEqual(user);
    await vi.waitFor(() => expect(client.getQueryData(accountKeys.serviceControl('CHAT_BOT'))).toBeDefined());
    await vi.waitFor(() => expect(client.getQueryData(accountKeys.subscription)).toBeDefined());
    expect(client.getQueryData(accountKeys.subscription)).toMatchObject({ lastUserServiceOrigin: 'CARD' });
    expect(client.getQueryData(subscriptionKeys.flags)).toBeUndefined();
    expect(paths(fetchMock).sort()).toEqual(
      [
        '/api/service-control/CHAT_BOT',
        '/api/service-control/COMMUNITY',
        '/api/service-control/NEWS',
        '/api/service-control/PFM',
        '/api/users',
        '/api/users/isSubscribed',
        '/api/users/me/bootstrap',
        '/api/users/subscriptions/lastOrigin',
      ].sort(),
    );
  });

  it('an ended session is not asked for piece by piece', async () => {
    fetchMock.mockImplementation(async () => json(401, { internalCode: 'UNAUTHORIZED', message: '' }));
    const client = createQueryClient();
    await expect(startBootstrap(client)).rejects.toMatchObject({ status: 401 });
    expect(paths(fetchMock)).toEqual(['/api/users/me/bootstrap']);
  });
});

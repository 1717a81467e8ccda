import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refreshAfterPurchase } from './refresh-after-purchase';

describe('refresh after a purchase', () => {
  it('drops the data of pages not on screen and refetches what is on screen', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    client.setQueryData(['academy', 'catalog'], { locked: true });
    let fetched = 0;
    const observer = new QueryObserver(client, {
      queryKey: ['account', 'subscription'],
      queryFn: async () => ({ isSubscribed: ++fetched > 1 }),
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await client.fetchQuery({ queryKey: ['account', 'subscription'] });

    await refreshAfterPurchase(client);

    // The catalogue is gone: the academy loads it again instead of showing the old locks.
    expect(client.getQueryData(['academy', 'catalog'])).toBeUndefined();
    expect(client.getQueryData(['account', 'subscription'])).toEqual({ isSubscribed: true });
    unsubscribe();
  });
});

import { metricsFunnelStepSchema } from '@alcancia/contract/admin';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../../test/browser-stubs';
import { subscriptionEvents, trackSubscription } from './subscription-events';

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  stubStorage();
  fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the subscription funnel events', () => {
  it('the plans page and the plan button post the events the dashboard funnel counts, in its order', async () => {
    const funnel = metricsFunnelStepSchema.shape.step.options;
    expect(funnel.slice(0, 4)).toEqual([
      subscriptionEvents.planListOpened,
      subscriptionEvents.planButtonClicked,
      subscriptionEvents.checkoutView,
      subscriptionEvents.checkoutSubmit,
    ]);

    trackSubscription('planListOpened', { loggedIn: true });
    trackSubscription('planButtonClicked', { plan: 'Plan Esencial', frequency: 'monthly' });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const posted = fetchMock.mock.calls.map(([url, init]) => {
      expect(url).toBe('/api/users/analytic');
      return JSON.parse(String((init as RequestInit).body)) as { event: string; deviceId: string };
    });
    expect(posted.map((body) => body.event)).toEqual([funnel[0], funnel[1]]);
    // one browser, one device id: the funnel follows her from the plans to her choice
    expect(posted[0]?.deviceId).toBe(posted[1]?.deviceId);
  });
});

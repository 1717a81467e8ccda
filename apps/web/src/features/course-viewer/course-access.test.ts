import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isNotFound, isSubscriptionRefusal, refusalRedirect } from './course-access';

describe('course access on load', () => {
  it('sends a program not bought to its detail page', () => {
    const purchase = new ApiError(403, 'PURCHASE_REQUIRED', 'x');
    expect(refusalRedirect(purchase, 'programa-orden-total')).toBe('/programas/programa-orden-total/detalle');
    expect(isSubscriptionRefusal(purchase)).toBe(false);
  });

  it('keeps content that needs a subscription on its course page (no redirect to the plans)', () => {
    const subscription = new ApiError(403, 'SUBSCRIPTION_REQUIRED', 'x');
    expect(refusalRedirect(subscription, 'presupuesto-mensual')).toBeNull();
    expect(isSubscriptionRefusal(subscription)).toBe(true);
    expect(isSubscriptionRefusal(new ApiError(403, 'FORBIDDEN', 'x'))).toBe(false);
  });

  it('does not redirect on other failures', () => {
    expect(refusalRedirect(new ApiError(404, 'NOT_FOUND', 'x'), 'a')).toBeNull();
    expect(refusalRedirect(new ApiError(403, 'FORBIDDEN', 'x'), 'a')).toBeNull();
    expect(refusalRedirect(new Error('boom'), 'a')).toBeNull();
    expect(isNotFound(new ApiError(404, 'NOT_FOUND', 'x'))).toBe(true);
    expect(isNotFound(new ApiError(0, 'NETWORK_ERROR', 'x'))).toBe(false);
  });
});

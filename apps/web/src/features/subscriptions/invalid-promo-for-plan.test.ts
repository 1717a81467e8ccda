import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { isInvalidPromoForPlan } from './invalid-promo-for-plan';

describe('invalid promo code for a plan', () => {
  it('recognises INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN', () => {
    expect(isInvalidPromoForPlan(new ApiError(400, 'INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN', 'x'))).toBe(
      true,
    );
    expect(isInvalidPromoForPlan(new ApiError(400, 'PROMO_CODE', 'x'))).toBe(false);
  });
});

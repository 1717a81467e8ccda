import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { promoTexts } from '../../shared/checkout/promo-messages';
import {
  invalidPromoForPlan,
  isInvalidPromoForPlan,
  isPromoRefusal,
  promoNotBetter,
  subscriptionPromoErrorText,
} from './invalid-promo-for-plan';

describe('invalid promo code for a plan', () => {
  it('recognises INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN', () => {
    expect(isInvalidPromoForPlan(new ApiError(400, 'INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN', 'x'))).toBe(
      true,
    );
    expect(isInvalidPromoForPlan(new ApiError(400, 'PROMO_CODE', 'x'))).toBe(false);
  });
});

describe('the text next to the checkout’s promo field (decision 76)', () => {
  it('says an unknown code was not found, and why any other code is refused', () => {
    const unknown = new ApiError(404, 'PROMO_CODE', 'Not found promo code');
    expect(subscriptionPromoErrorText(unknown)).toBe(promoTexts.notFound);
    expect(subscriptionPromoErrorText(new ApiError(400, 'PROMO_CODE', 'Expired promo code'))).toBe(
      promoTexts.expired,
    );
    expect(
      subscriptionPromoErrorText(new ApiError(400, 'INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN', 'x')),
    ).toBe(invalidPromoForPlan.text);
    expect(subscriptionPromoErrorText(new ApiError(409, 'PROMO_CODE_NOT_BETTER', 'x'))).toBe(
      promoNotBetter.text,
    );
  });

  it('tells a refused code from a plan that failed to load', () => {
    expect(isPromoRefusal(new ApiError(404, 'PROMO_CODE', 'Not found promo code'))).toBe(true);
    expect(isPromoRefusal(new ApiError(409, 'PROMO_CODE_NOT_BETTER', 'x'))).toBe(true);
    expect(isPromoRefusal(new ApiError(404, 'SUBSCRIPTION_PLAN_NOT_FOUND', 'x'))).toBe(false);
  });
});

/** A discount coupon that passed every promo-code check (promo-code-rules.ts), and where it applies. */

export interface Coupon {
  id: number;
  code: string;
  percent: number;
  /** empty = every plan / every frequency */
  planIds: string[];
  frequencies: string[];
}

export const couponAppliesTo = (coupon: Coupon, planId: string, frequency: string) =>
  (coupon.planIds.length === 0 || coupon.planIds.includes(planId)) &&
  (coupon.frequencies.length === 0 || coupon.frequencies.includes(frequency));

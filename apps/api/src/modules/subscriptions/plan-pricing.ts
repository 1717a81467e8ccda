import type { FreeTrial, FrequencyType, PlanFrequency, ProviderPlan } from '@alcancia/contract';
import type { providerPlans } from '../../db/schema';
import type { BillingPeriod } from '../../providers/payments/payment-gateway';
import { type Coupon, couponAppliesTo } from '../promo-codes/coupon';

export type ProviderPlanRow = typeof providerPlans.$inferSelect;

/** '1months' → 1 month, '15days' → 15 days: the provider's billing period. */
export function billingPeriodOf(frequencyType: string): BillingPeriod {
  const match = /^(\d+)(months|days)$/.exec(frequencyType);
  if (!match) throw new Error(`unknown frequency type ${frequencyType}`);
  return { frequency: Number(match[1]), frequencyType: match[2] as BillingPeriod['frequencyType'] };
}

/** An agreement's billing period as its order wrote it ('1months', '12months'); older orders: by frequency. */
export function frequencyTypeOf(order: {
  details: Record<string, unknown>;
  frequency: string | null;
}): string {
  const written = order.details.frequencyType;
  if (typeof written === 'string') return written;
  return order.frequency === 'annual' ? '12months' : '1months';
}

/**
 * The provider a plan price is checked out with (decision 0281): the SUBSCRIPTION_CHECKOUT_PROVIDER
 * control's choice (`control`, null while it is off) for every plan, except a plan price of its own
 * sold through the second provider's link (its checkoutProvider is not 'MP' and it has a
 * checkoutUrl): that plan's own setting overrides the control. With the control off, the plan's
 * own setting decides, as before.
 */
export function checkoutProviderOf(
  row: Pick<ProviderPlanRow, 'checkoutProvider' | 'checkoutUrl'>,
  control: string | null,
): string {
  if (row.checkoutProvider !== 'MP' && row.checkoutUrl) return row.checkoutProvider;
  return control ?? row.checkoutProvider;
}

const percentOff = (price: number, regular: number) => Math.round((1 - price / regular) * 100);

export interface PlanPrice {
  regularCentavos: number;
  /** what a card subscription is charged per period */
  chargeCentavos: number;
  couponApplied: boolean;
}

/**
 * The server's price of a provider plan: the plan's discount price when it has one; with a coupon
 * that applies to this plan and frequency, the coupon's percent off the regular price when that is
 * lower. Discounts never stack. Centavos, rounded to the nearest. `couponApplied` only when the
 * coupon is what lowers the price: a code that saves nothing is not used (nor spent).
 */
export function priceOf(plan: ProviderPlanRow, coupon: Coupon | null): PlanPrice {
  const regular = plan.regularPriceCentavos;
  const planPrice = plan.discountPriceCentavos ?? regular;
  const covers = coupon !== null && couponAppliesTo(coupon, plan.planId, plan.frequency);
  const couponPrice = covers ? Math.round((regular * (100 - coupon.percent)) / 100) : regular;
  const couponApplied = covers && couponPrice < planPrice;
  return { regularCentavos: regular, chargeCentavos: couponApplied ? couponPrice : planPrice, couponApplied };
}

/** The spec's provider plan as the web shows it. */
export function providerPlanView(plan: ProviderPlanRow, coupon: Coupon | null): ProviderPlan {
  const price = priceOf(plan, coupon);
  const discounted = price.chargeCentavos < price.regularCentavos;
  return {
    frequency: plan.frequency as PlanFrequency,
    frequencyType: plan.frequencyType as FrequencyType,
    prices: {
      regularPrice: price.regularCentavos,
      discountPrice: discounted ? price.chargeCentavos : null,
      discountPercentage: discounted
        ? price.couponApplied
          ? percentOff(price.chargeCentavos, price.regularCentavos)
          : (plan.discountPercentage ?? percentOff(price.chargeCentavos, price.regularCentavos))
        : null,
    },
    promoCodeApplied: price.couponApplied,
    freeTrial: (plan.freeTrial as FreeTrial | null) ?? null,
    checkoutProvider: plan.checkoutProvider,
    checkoutUrl: plan.checkoutUrl,
    currency: 'ARS',
  };
}

import type { PlanFrequency, ProviderPlan, SubscriptionPlan } from '@alcancia/contract';
import { useId } from 'react';
import { formatMoney } from '../../lib/format';
import { PriceWithoutNationalTaxes } from '../../shared/checkout/national-taxes';
import {
  chargedPrice,
  discountPercentOf,
  frequencyLabels,
  perPeriod,
  trialText,
} from '../../shared/checkout/plan-rules';

/** Money lines of the summary (pure, so the numbers are testable). */
export function summaryLines(providerPlan: ProviderPlan, options: { upgrade: boolean }) {
  const price = chargedPrice(providerPlan);
  const regular = providerPlan.prices.regularPrice;
  // An upgrade starts the new plan at once: no free trial (the server applies the same rule).
  const trial = options.upgrade ? null : providerPlan.freeTrial;
  return {
    regular,
    discount: price < regular ? regular - price : 0,
    discountPercent: discountPercentOf(providerPlan),
    price,
    trial,
    dueToday: trial ? 0 : price,
  };
}

/**
 * The order summary of the subscription checkout: plan, frequency, regular price, discount (plan
 * or promo code), free trial, what is charged today and after. Prices in es-AR pesos.
 */
export function OrderSummary({
  plan,
  frequency,
  providerPlan,
  promoCode,
  upgrade,
}: {
  plan: SubscriptionPlan;
  frequency: PlanFrequency;
  providerPlan: ProviderPlan;
  promoCode: string | null;
  upgrade: boolean;
}) {
  const titleId = useId();
  const lines = summaryLines(providerPlan, { upgrade });
  return (
    <section className="checkout-card order-summary" aria-labelledby={titleId}>
      <h2 id={titleId} className="checkout-card-title">
        Resumen de tu compra
      </h2>
      <dl className="summary-list">
        <div>
          <dt>Plan</dt>
          <dd>{plan.displayMetadata.title}</dd>
        </div>
        <div>
          <dt>Frecuencia de pago</dt>
          <dd>{frequencyLabels[frequency]}</dd>
        </div>
        {lines.discount > 0 && (
          <>
            <div>
              <dt>Precio regular</dt>
              <dd>{formatMoney(lines.regular)}</dd>
            </div>
            <div className="summary-discount">
              <dt>
                {providerPlan.promoCodeApplied && promoCode ? `Descuento con ${promoCode}` : 'Descuento'}
                {lines.discountPercent !== null && ` (${lines.discountPercent}%)`}
              </dt>
              <dd>− {formatMoney(lines.discount)}</dd>
            </div>
          </>
        )}
        <div>
          <dt>Precio {perPeriod[frequency]}</dt>
          <dd>
            {formatMoney(lines.price)}
            <PriceWithoutNationalTaxes centavos={lines.price} />
          </dd>
        </div>
        {lines.trial && (
          <div className="summary-trial">
            <dt>Prueba gratis</dt>
            <dd>{trialText(lines.trial)}</dd>
          </div>
        )}
      </dl>
      <p className="summary-total">
        <span>Total hoy</span>
        <strong>{formatMoney(lines.dueToday)}</strong>
      </p>
      <PriceWithoutNationalTaxes centavos={lines.dueToday} />
      <p className="summary-note">
        {lines.trial
          ? `Al terminar la prueba gratis se cobran ${formatMoney(lines.price)} ${perPeriod[frequency]}.`
          : `Después se cobran ${formatMoney(lines.price)} ${perPeriod[frequency]}.`}{' '}
        Se renueva sola y podés cancelarla cuando quieras.
      </p>
    </section>
  );
}

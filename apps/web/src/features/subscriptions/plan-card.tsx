import type { PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import { useId } from 'react';
import { formatMoney } from '../../lib/format';
import {
  type CurrentPlan,
  chargedPrice,
  discountPercentOf,
  type PlanButtonLabel,
  perPeriod,
  planButtonLabel,
  trialBadgeText,
} from './plan-rules';

/**
 * One plan of the list: recommended marker, title, free-trial badge, price (with the regular
 * price struck through and the rounded discount), benefits and the button. The button's visible
 * text is the spec's; its accessible name adds the plan so three "Quiero este plan" differ.
 */
export function PlanCard({
  plan,
  frequency,
  current,
  headingLevel = 3,
  onChoose,
}: {
  plan: SubscriptionPlan;
  frequency: PlanFrequency;
  current: CurrentPlan | null;
  headingLevel?: 2 | 3;
  onChoose(plan: SubscriptionPlan, label: PlanButtonLabel): void;
}) {
  const titleId = useId();
  const providerPlan = plan.providerPlans[frequency];
  if (!providerPlan) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const label = planButtonLabel(plan, current);
  const isCurrent = label === 'Tu plan actual';
  const discount = discountPercentOf(providerPlan);
  const price = chargedPrice(providerPlan);
  const trial = trialBadgeText(providerPlan.freeTrial);
  const recommended = plan.displayMetadata.recommended;

  return (
    <article
      className={`plan-card${recommended ? ' plan-card-recommended' : ''}${isCurrent ? ' plan-card-current' : ''}`}
      aria-labelledby={titleId}
      data-plan={plan.id}
    >
      {recommended && <p className="plan-recommended">Recomendado</p>}
      <Heading id={titleId} className="plan-title">
        {plan.displayMetadata.title}
      </Heading>
      {trial && <p className="plan-trial">{trial}</p>}
      <div className="plan-price">
        {discount !== null && (
          <p className="plan-regular">
            <span className="visually-hidden">Precio regular: </span>
            <s>{formatMoney(providerPlan.prices.regularPrice)}</s>{' '}
            <span className="plan-discount">{discount}% OFF</span>
          </p>
        )}
        <p className="plan-amount">
          <span className="visually-hidden">{discount !== null ? 'Precio con descuento: ' : 'Precio: '}</span>
          <strong>{formatMoney(price)}</strong> <span className="plan-period">{perPeriod[frequency]}</span>
        </p>
        {frequency === 'annual' && (
          <p className="plan-equivalent">Equivale a {formatMoney(Math.round(price / 12))} por mes</p>
        )}
        {providerPlan.promoCodeApplied && <p className="plan-promo">Precio con tu código promocional</p>}
      </div>
      <ul className="plan-benefits">
        {plan.displayMetadata.benefits.map((benefit) => (
          <li key={benefit}>
            <span className="plan-check" aria-hidden="true">
              ✓
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className={`button button-block ${isCurrent ? 'button-secondary' : 'button-primary'}`}
        aria-label={`${label}: ${plan.displayMetadata.title}`}
        aria-disabled={isCurrent ? true : undefined}
        onClick={() => {
          if (!isCurrent) onChoose(plan, label);
        }}
      >
        {label}
      </button>
    </article>
  );
}

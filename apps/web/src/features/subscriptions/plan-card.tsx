import type { PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import { useId } from 'react';
import { formatMoney } from '../../lib/format';
import { PriceWithoutNationalTaxes } from '../../shared/checkout/national-taxes';
import {
  type BenefitRow,
  type CurrentPlan,
  chargedPrice,
  discountPercentOf,
  type PlanButtonLabel,
  perPeriod,
  planButtonLabel,
  trialBadgeText,
} from '../../shared/checkout/plan-rules';
import { Button } from '../../ui/button';
import { planChangeText } from './plan-change-rules';

/**
 * One plan, a column of the comparison: recommended marker, title, free-trial badge, price (with
 * the regular price struck through and the rounded discount), the button, then the benefits. In
 * the comparison `rows` are every plan's benefits, row by row, each ticked or not for this plan
 * (`column` is this plan's place); alone, the plan lists its own. The button's visible text is the
 * spec's; its accessible name adds the plan so three "Quiero este plan" differ.
 */
export function PlanCard({
  plan,
  frequency,
  current,
  headingLevel = 3,
  rows,
  column = 0,
  onChoose,
}: {
  plan: SubscriptionPlan;
  frequency: PlanFrequency;
  current: CurrentPlan | null;
  headingLevel?: 2 | 3;
  rows?: readonly BenefitRow[];
  column?: number;
  onChoose(plan: SubscriptionPlan, label: PlanButtonLabel): void;
}) {
  const titleId = useId();
  const providerPlan = plan.providerPlans[frequency];
  if (!providerPlan) return null;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const label = planButtonLabel(plan, current, frequency);
  const isCurrent = label === 'Tu plan actual';
  const discount = discountPercentOf(providerPlan);
  const price = chargedPrice(providerPlan);
  // A subscriber changes plan without a free trial (an upgrade has none): none is offered to her.
  const trial = current ? null : trialBadgeText(providerPlan.freeTrial);
  const recommended = plan.displayMetadata.recommended;

  const benefits = rows ?? plan.displayMetadata.benefits.map((benefit) => ({ benefit, included: [true] }));
  const ownColumn = rows ? column : 0;

  return (
    <article
      className={`plan-card${recommended ? ' plan-card-recommended' : ''}${isCurrent ? ' plan-card-current' : ''}`}
      aria-labelledby={titleId}
      data-plan={plan.id}
    >
      <div className="plan-head">
        {recommended && <p className="plan-recommended">Recomendado</p>}
        <Heading id={titleId} className="plan-title">
          {plan.displayMetadata.title}
        </Heading>
        {trial && <p className="plan-trial">{trial}</p>}
      </div>
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
        <PriceWithoutNationalTaxes centavos={price} />
        {frequency === 'annual' && (
          <p className="plan-equivalent">Equivale a {formatMoney(Math.round(price / 12))} por mes</p>
        )}
        {providerPlan.promoCodeApplied && <p className="plan-promo">Precio con tu código promocional</p>}
        {label === 'Cambiar a este plan' && (
          <p className="plan-change-terms">{planChangeText(price, frequency, providerPlan.frequencyType)}</p>
        )}
      </div>
      <Button
        variant={isCurrent ? 'secondary' : 'primary'}
        block
        aria-label={`${label}: ${plan.displayMetadata.title}`}
        aria-disabled={isCurrent ? true : undefined}
        onClick={() => {
          if (!isCurrent) onChoose(plan, label);
        }}
      >
        {label}
      </Button>
      <ul className="plan-benefits" aria-label={`Qué incluye el plan ${plan.displayMetadata.title}`}>
        {benefits.map((row) => {
          const included = row.included[ownColumn] === true;
          return (
            <li key={row.benefit} className={included ? 'plan-benefit' : 'plan-benefit plan-benefit-missing'}>
              <span className={included ? 'plan-check' : 'plan-cross'} aria-hidden="true">
                {included ? '✓' : '—'}
              </span>
              <span>
                {!included && <span className="visually-hidden">No incluye: </span>}
                {row.benefit}
              </span>
            </li>
          );
        })}
      </ul>
    </article>
  );
}

import type { PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import type { CSSProperties } from 'react';
import { benefitRows, type CurrentPlan, type PlanButtonLabel } from '../../shared/checkout/plan-rules';
import { PlanCard } from './plan-card';

/**
 * The plans side by side (issue 20, decision 75): one column per plan with the price and the
 * button on the same line across columns, then every benefit of any plan row by row, ticked where
 * the plan has it. On a phone the columns stack, each plan a card with the same rows.
 */
export function PlanComparison({
  plans,
  frequency,
  current,
  headingLevel = 3,
  onChoose,
}: {
  plans: readonly SubscriptionPlan[];
  frequency: PlanFrequency;
  current: CurrentPlan | null;
  headingLevel?: 2 | 3;
  onChoose(plan: SubscriptionPlan, label: PlanButtonLabel): void;
}) {
  const shown = plans.filter((plan) => plan.providerPlans[frequency]);
  const rows = benefitRows(shown);
  // The grid's rows per plan: head, price, button, then one per benefit (at least one).
  const benefitCount = Math.max(rows.length, 1);
  return (
    <ul
      className="plan-compare"
      style={
        {
          '--plan-count': shown.length,
          '--plan-span': benefitCount + 3,
          '--benefit-count': benefitCount,
        } as CSSProperties
      }
    >
      {shown.map((plan, column) => (
        <li key={plan.id}>
          <PlanCard
            plan={plan}
            frequency={frequency}
            current={current}
            headingLevel={headingLevel}
            rows={rows}
            column={column}
            onChoose={onChoose}
          />
        </li>
      ))}
    </ul>
  );
}

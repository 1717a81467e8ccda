import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useLocation, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { asNavigationState } from '../../lib/entry-params';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { isCountryBlocked } from '../../shared/checkout/country-gate';
import {
  currentPlanOf,
  discountPercentOf,
  type TabFrequency,
  visibleTabs,
} from '../../shared/checkout/plan-rules';
import { searchPlan, subscriptionKeys, useFeatureFlags } from '../../shared/checkout/subscriptions-api';
import { Spinner } from '../../ui/feedback';
import { ArgentinaOnlyPanel } from './argentina-only-panel';
import { FrequencyTabs } from './frequency-tabs';
import { PlanComparison } from './plan-comparison';
import { trackSubscription } from './subscription-events';
import { purchaseCountry, useCurrentUserWhen, useSubscriptionStatus } from './use-account';
import { purchaseState, usePlanChoice } from './use-plan-choice';
import './subscriptions.css';
import { plansPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';

/**
 * /suscripcion/{idPlan}: the public entry of one plan (a link shared from a campaign or the app).
 * The spec leaves its behaviour open; here it shows that plan's card with the frequencies the
 * flags allow and the same buy flow as the plan list (identification for visitors, checkout,
 * redirect provider), plus a link to every plan. `idPlan` is the plan's id or its name.
 */
export default function PublicPlanPage() {
  const { idPlan = '' } = useParams();
  const location = useLocation();
  const { entry } = asNavigationState(location.state);
  const loggedIn = useIsLoggedIn();
  const promoCode = entry?.promoCode ?? null;
  const [tab, setTab] = useState<TabFrequency | null>(null);

  const plan = useQuery({
    queryKey: subscriptionKeys.plan(idPlan, '', promoCode),
    queryFn: ({ signal }) => searchPlan(idPlan, { promoCode, signal }),
    enabled: idPlan !== '',
    staleTime: 5 * 60 * 1000,
    retry: false,
  });
  const flags = useFeatureFlags();
  const user = useCurrentUserWhen(loggedIn);
  const status = useSubscriptionStatus(loggedIn);
  const current = currentPlanOf(status.data);
  const choose = usePlanChoice({ current, promoCode, entry });
  usePageTitle(plan.data ? `Plan ${plan.data.displayMetadata.title}` : 'Plan de suscripción');

  useEffect(() => {
    if (plan.data) trackSubscription('planListOpened', { plan: plan.data.name, entry: 'public-plan' });
  }, [plan.data]);

  const country = purchaseCountry({
    loggedIn,
    user: user.data,
    userFailed: user.isError,
    entryCountry: entry?.countryCode,
  });
  const allPlans = (
    <ButtonLink variant="secondary" to={plansPath} state={purchaseState(entry, promoCode)}>
      Ver todos los planes
    </ButtonLink>
  );

  if (plan.isError) {
    const notFound = plan.error instanceof ApiError && plan.error.status === 404;
    return (
      <section className="public-plan" aria-labelledby="public-plan-title">
        <h1 id="public-plan-title">{notFound ? 'No encontramos este plan' : 'No pudimos cargar el plan'}</h1>
        <p>
          {notFound
            ? 'Puede que el enlace esté incompleto o que el plan ya no esté a la venta.'
            : 'Probá de nuevo en unos minutos.'}
        </p>
        {allPlans}
      </section>
    );
  }
  if (plan.isPending || flags.isPending || (loggedIn && (user.isPending || status.isPending))) {
    return <Spinner label="Cargando el plan…" />;
  }

  const offered = visibleTabs(flags.data).filter((frequency) => plan.data.providerPlans[frequency]);
  const selected = tab && offered.includes(tab) ? tab : (offered[0] ?? null);
  const countryBlocked = isCountryBlocked(country);

  return (
    <section className="public-plan" aria-labelledby="public-plan-title">
      <h1 id="public-plan-title">Plan {plan.data.displayMetadata.title}</h1>
      {countryBlocked ? (
        <ArgentinaOnlyPanel />
      ) : selected ? (
        <FrequencyTabs
          tabs={offered}
          selected={selected}
          onSelect={setTab}
          annualDiscount={discountPercentOf(plan.data.providerPlans.annual)}
        >
          <PlanComparison
            plans={[plan.data]}
            frequency={selected}
            current={current}
            headingLevel={2}
            onChoose={(chosen, label) => choose(chosen, selected, label)}
          />
        </FrequencyTabs>
      ) : (
        <Banner tone="info">Este plan no está disponible para comprar desde la web por ahora.</Banner>
      )}
      <p className="public-plan-more">{allPlans}</p>
    </section>
  );
}

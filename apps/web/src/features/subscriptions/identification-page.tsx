import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { asNavigationState } from '../../lib/entry-params';
import { formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { AuthScreen } from '../../shared/auth/auth-screen';
import { IdentificationStep, type UserCase } from '../../shared/auth/identification-step';
import {
  canonicalPlanPath,
  chargedPrice,
  checkoutPath,
  frequencyLabels,
  identificationPath,
  isPlanFrequency,
  perPeriod,
  trialText,
} from '../../shared/checkout/plan-rules';
import { searchPlan, subscriptionKeys } from '../../shared/checkout/subscriptions-api';
import { purchaseState } from './use-plan-choice';
import './subscriptions.css';
import { academyPath, plansPath } from '../../lib/paths';
import { Button, ButtonLink } from '../../ui/button';

/**
 * /compra/suscripcion/identificacion/{plan}/{frequency}: register (default) or log in before the
 * subscription checkout. Logging in (directly or right after registering, source 'checkout')
 * moves on to the checkout with the entry parameters and promo code. Switching forms clears the
 * errors (each form keeps its own). A subscriber sent here by the app (isSubscribed=true) sees the
 * USER_IS_SUBSCRIBER panel instead of registering again.
 */
export default function IdentificationPage() {
  usePageTitle('Identificate para suscribirte');
  const { plan: planName = '', frequency = '' } = useParams();
  const location = useLocation();
  const { entry } = asNavigationState(location.state);
  const loggedIn = useIsLoggedIn();
  const [userCase, setUserCase] = useState<UserCase>('REGISTER');
  const [subscriberPanel, setSubscriberPanel] = useState(entry?.isSubscribed === true);
  const validFrequency = isPlanFrequency(frequency) ? frequency : null;
  const promoCode = entry?.promoCode ?? null;

  const plan = useQuery({
    queryKey: subscriptionKeys.plan(planName, frequency, promoCode),
    queryFn: ({ signal }) =>
      searchPlan(planName, { promoCode, planFrequency: validFrequency ?? undefined, signal }),
    enabled: validFrequency !== null && planName !== '',
    staleTime: 5 * 60 * 1000,
  });

  if (!validFrequency || !planName) return <Navigate to={plansPath} replace state={location.state} />;
  if (loggedIn) {
    return (
      <Navigate
        to={checkoutPath(plan.data?.id ?? planName, validFrequency)}
        replace
        state={purchaseState(entry, promoCode)}
      />
    );
  }
  // An old link by the plan's name: the same page under the plan's id (decision 75).
  const canonical = plan.data
    ? canonicalPlanPath(planName, plan.data, (id) => identificationPath(id, validFrequency))
    : null;
  if (canonical) {
    return <Navigate to={{ pathname: canonical, search: location.search }} replace state={location.state} />;
  }

  const providerPlan = plan.data?.providerPlans[validFrequency];
  const title = plan.data?.displayMetadata.title;

  return (
    <AuthScreen
      title={userCase === 'REGISTER' ? 'Creá tu cuenta para suscribirte' : 'Iniciá sesión para suscribirte'}
      subtitle={
        <>
          {title ? (
            <>
              Elegiste el plan <strong>{title}</strong>
            </>
          ) : (
            'Elegiste un plan'
          )}{' '}
          ({frequencyLabels[validFrequency].toLowerCase()}
          {providerPlan ? `, ${formatMoney(chargedPrice(providerPlan))} ${perPeriod[validFrequency]}` : ''}
          ).
          {providerPlan?.freeTrial && ` Empezás con ${trialText(providerPlan.freeTrial)} de prueba gratis.`}{' '}
          <Link to={plansPath} state={purchaseState(entry, promoCode)}>
            Cambiar de plan
          </Link>
        </>
      }
    >
      {subscriberPanel ? (
        <section
          className="subscriber-panel"
          aria-labelledby="subscriber-title"
          data-code="USER_IS_SUBSCRIBER"
        >
          <h2 id="subscriber-title">Ya tenés una suscripción activa</h2>
          <p>
            Tu cuenta ya está suscripta a Alcancía, así que no hace falta crear otra. Entrá a tus cursos o
            iniciá sesión para ver tu plan.
          </p>
          <div className="subscriber-actions">
            <ButtonLink to={academyPath}>Ir a mis cursos</ButtonLink>
            <Button
              variant="secondary"
              onClick={() => {
                setSubscriberPanel(false);
                setUserCase('LOGIN');
              }}
            >
              Iniciar sesión
            </Button>
          </div>
        </section>
      ) : (
        <IdentificationStep userCase={userCase} onUserCaseChange={setUserCase} />
      )}
    </AuthScreen>
  );
}

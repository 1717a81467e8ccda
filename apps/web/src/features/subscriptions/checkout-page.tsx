import { Navigate, useLocation, useNavigate } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import {
  CardFormLoadError,
  CheckoutLoading,
  UserDataErrorDialog,
} from '../../shared/checkout/checkout-parts';
import { allowedCountry, awaitingCountryLabel, awaitsCountry } from '../../shared/checkout/country-gate';
import { ErrorDialog } from '../../shared/checkout/error-dialog';
import {
  blocksUpgrade,
  canonicalPlanPath,
  cardProvider,
  checkoutPath,
  frequencyRedirect,
} from '../../shared/checkout/plan-rules';
import { SubscriptionCheckout } from './subscription-checkout';
import { UpgradeGuardDialog } from './upgrade-dialogs';
import { useSubscriptionCheckout } from './use-subscription-checkout';
import '../../shared/checkout/checkout.css';
import './subscriptions.css';
import { academyPath, plansPath } from '../../lib/paths';

const pageTitle = 'Finalizá tu suscripción';

function Loading({ label }: { label?: string }) {
  return <CheckoutLoading title={pageTitle} label={label} />;
}

/**
 * /compra/suscripcion/{plan}/{frequency} (logged in, inside the shell): the subscription checkout.
 * Hidden behind a loader until the card form, the user and the plan are ready. On the way, in the
 * order the spec gives them: the frequency redirect by flag, the country gate (Argentina only), the
 * provider-plan check, the redirect provider, and the upgrade guard. Then the checkout itself
 * (subscription-checkout.tsx).
 */
export default function SubscriptionCheckoutPage() {
  usePageTitle(pageTitle);
  const location = useLocation();
  const navigate = useNavigate();
  const checkout = useSubscriptionCheckout();
  const { planName, frequency, flags, user, status, plan, sdk, backState, locked, providerPlan } = checkout;
  const toPlans = () => navigate(plansPath, { replace: true, state: backState });

  if (!frequency) {
    return (
      <ErrorDialog
        title="Este plan no está disponible"
        text="No encontramos esa frecuencia de pago para el plan. Elegí otra opción en la lista de planes."
        actionLabel="Ver planes"
        onClose={toPlans}
      />
    );
  }
  if (flags.isPending) return <Loading />;
  const redirect = flags.data ? frequencyRedirect(frequency, flags.data) : null;
  if (redirect) return <Navigate to={checkoutPath(planName, redirect)} replace state={location.state} />;

  if (user.isError) return <UserDataErrorDialog />;
  if (user.isPending) return <Loading />;
  if (awaitsCountry(user.data)) return <Loading label={awaitingCountryLabel} />;
  if (user.data.countryCode !== allowedCountry) return <Navigate to={plansPath} replace state={backState} />;

  if (plan.isError) {
    if (checkout.promoRefused) return <Loading />;
    return (
      <ErrorDialog
        title="No pudimos cargar el plan"
        text={`No encontramos el plan «${planName}» o no se pudo cargar. Probá de nuevo en unos minutos.`}
        code={`Error subscription plan name: ${planName}`}
        actionLabel="Volver al inicio"
        onClose={() => navigate('/', { replace: true })}
      />
    );
  }
  if (plan.isPending) return <Loading />;
  const chosen = plan.data;
  // An old link by the plan's name: the same checkout under the plan's id (decision 75).
  const canonical = canonicalPlanPath(planName, chosen, (id) => checkoutPath(id, frequency));
  if (canonical) {
    return <Navigate to={{ pathname: canonical, search: location.search }} replace state={location.state} />;
  }

  if (!providerPlan) {
    return (
      <ErrorDialog
        title="Este plan no está disponible"
        text={`El plan ${chosen.displayMetadata.title} no se puede pagar con esa frecuencia. Elegí otra opción en la lista de planes.`}
        actionLabel="Ver planes"
        onClose={toPlans}
      />
    );
  }
  if (checkout.externalUrl) return <Loading label="Te llevamos a la página de pago…" />;
  if (providerPlan.checkoutProvider !== cardProvider) {
    return (
      <ErrorDialog
        title="Este plan no está disponible"
        text="Este plan no se puede pagar desde la web por ahora. Elegí otro plan o escribinos para ayudarte."
        actionLabel="Ver planes"
        onClose={toPlans}
      />
    );
  }

  if (status.isPending) return <Loading />;
  if (!locked && blocksUpgrade(chosen, checkout.current)) {
    return (
      <>
        <Loading />
        <UpgradeGuardDialog
          currentPlanName={status.data?.subscriptionPlan?.name ?? null}
          chosenPlanTitle={chosen.displayMetadata.title}
          onSeePlans={toPlans}
          onAcademy={() => navigate(academyPath, { replace: true })}
        />
      </>
    );
  }

  if (sdk.status === 'error') return <CardFormLoadError title={pageTitle} onRetry={sdk.retry} />;
  if (sdk.status === 'loading') return <Loading />;

  return (
    <SubscriptionCheckout
      checkout={checkout}
      chosen={chosen}
      frequency={frequency}
      providerPlan={providerPlan}
      mercadoPago={sdk}
    />
  );
}

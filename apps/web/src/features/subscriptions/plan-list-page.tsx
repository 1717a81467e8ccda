import type { SubscriptionPlan, UsePromoCodeResponse } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { asNavigationState } from '../../lib/entry-params';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import {
  appDeepLinkOf,
  appReturnFromEntry,
  readAppReturn,
  saveAppReturn,
} from '../../shared/checkout/app-return';
import { isCountryBlocked } from '../../shared/checkout/country-gate';
import { ErrorDialog } from '../../shared/checkout/error-dialog';
import {
  currentPlanOf,
  highestAnnualDiscount,
  sortPlans,
  type TabFrequency,
  visibleTabs,
} from '../../shared/checkout/plan-rules';
import { refreshAfterSubscription, useFeatureFlags, usePlans } from '../../shared/checkout/subscriptions-api';
import { Spinner } from '../../ui/feedback';
import { useAccountSubscription } from './account-subscription-api';
import { ArgentinaOnlyPanel } from './argentina-only-panel';
import { FrequencyTabs } from './frequency-tabs';
import { cardCurrentPlan, initialTab } from './plan-change-rules';
import { PlanComparison } from './plan-comparison';
import { PromoCodeDialog, PromoLoginDialog, PromoSuccessDialog } from './promo-dialogs';
import { trackSubscription } from './subscription-events';
import { purchaseCountry, useCurrentUserWhen, useSubscriptionStatus } from './use-account';
import { usePlanChoice } from './use-plan-choice';
import '../../shared/checkout/checkout.css';
import './subscriptions.css';
import { academyPath, loginPath, plansPath, registerPath } from '../../lib/paths';
import { Button } from '../../ui/button';

type PromoStep = 'closed' | 'form' | 'login';

const anyPromoApplied = (plans: readonly SubscriptionPlan[]) =>
  plans.some((plan) => Object.values(plan.providerPlans).some((p) => p?.promoCodeApplied));

/**
 * /compra/suscripcion: the plans page (spec §2's modal became a page, decision 75): tabs by the
 * purchase flags, the plans side by side in their order with the benefits row by row, the three
 * button labels by the current plan's weight, the promo flow, and for accounts outside Argentina
 * the panel that pushes the app. The query string stays as it came.
 */
export default function PlanListPage() {
  usePageTitle('Planes de suscripción');
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const loggedIn = useIsLoggedIn();
  const { entry } = asNavigationState(location.state);
  const [query] = useState(() => new URLSearchParams(location.search));
  const [promoCode, setPromoCode] = useState<string | null>(
    () => entry?.promoCode ?? query.get('promoCode')?.trim() ?? null,
  );
  const [promoStep, setPromoStep] = useState<PromoStep>(() => {
    const wantsPromo = entry?.promoCodeOpen === 'true' || query.get('promoCodeOpen') === 'true';
    if (!wantsPromo) return 'closed';
    return loggedIn ? 'form' : 'login';
  });
  const [grantedUntil, setGrantedUntil] = useState<string | null>(null);
  const [tab, setTab] = useState<TabFrequency | null>(null);

  const flags = useFeatureFlags();
  const plans = usePlans(promoCode);
  const user = useCurrentUserWhen(loggedIn);
  const status = useSubscriptionStatus(loggedIn);
  // "Cambiar de plan": her card agreement's plan and frequency first (issue 39), else her access's plan
  const mine = useAccountSubscription(loggedIn);
  const current = cardCurrentPlan(mine.data, plans.data ?? []) ?? currentPlanOf(status.data);
  const choose = usePlanChoice({ current, promoCode, entry });
  const country = purchaseCountry({
    loggedIn,
    user: user.data,
    userFailed: user.isError,
    entryCountry: entry?.countryCode,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: only the opening of the list is tracked
  useEffect(() => {
    trackSubscription('planListOpened', { loggedIn, promoCode: promoCode ?? undefined });
  }, []);

  const appReturn = appReturnFromEntry(entry) ?? readAppReturn();
  // Kept from the start: a login on the way (which does not carry navigation state) must not lose it.
  useEffect(() => {
    const info = appReturnFromEntry(entry);
    if (info) saveAppReturn(info);
  }, [entry]);

  function openPromo() {
    trackSubscription('promoLinkClicked', { from: 'plans', loggedIn });
    setPromoStep(loggedIn ? 'form' : 'login');
  }

  function goLogin(path: '/login' | '/register') {
    const back = new URLSearchParams(location.search);
    back.set('promoCodeOpen', 'true');
    navigate(path, { state: { followingPage: `${plansPath}?${back}`, entry } });
  }

  function redeemed(code: string, response: UsePromoCodeResponse) {
    setPromoStep('closed');
    if (response.isDiscountCoupon) {
      setPromoCode(code);
      return;
    }
    setGrantedUntil(response.subscriptionEndDate ?? '');
    void refreshAfterSubscription(queryClient);
  }

  /** Spec: closing the success returns to the app's deep link, or home with a reload. */
  function closeGranted() {
    window.location.assign(appReturn?.fromApp ? appDeepLinkOf(appReturn) : '/');
  }

  if (plans.isError) {
    return (
      <ErrorDialog
        title="No pudimos cargar los planes"
        text="Probá de nuevo en unos minutos. Mientras tanto, podés seguir en la academia."
        code="Error plans"
        actionLabel="Ir a la academia"
        onClose={() => navigate(academyPath)}
      />
    );
  }

  const loading =
    flags.isPending ||
    plans.isPending ||
    (loggedIn && (user.isPending || status.isPending || mine.isPending));
  const tabs = visibleTabs(flags.data);
  const selected = tab && tabs.includes(tab) ? tab : initialTab(tabs, current, query.get('frecuencia'));
  const sorted = sortPlans(plans.data ?? []);
  const promoApplied = anyPromoApplied(sorted);
  const countryBlocked = isCountryBlocked(country);

  let content: ReactNode;
  if (loading) {
    content = <Spinner label="Cargando los planes…" />;
  } else if (countryBlocked) {
    content = <ArgentinaOnlyPanel />;
  } else if (!selected) {
    content = (
      <p className="plans-empty">
        Por ahora no hay planes disponibles para comprar desde la web. Probá de nuevo más tarde.
      </p>
    );
  } else {
    content = (
      <>
        <FrequencyTabs
          tabs={tabs}
          selected={selected}
          onSelect={setTab}
          annualDiscount={highestAnnualDiscount(sorted)}
        >
          <PlanComparison
            plans={sorted}
            frequency={selected}
            current={current}
            onChoose={(chosen, label) => choose(chosen, selected, label)}
          />
        </FrequencyTabs>
        <div className="plans-promo" aria-live="polite">
          {promoApplied ? (
            <p className="promo-badge">
              <span aria-hidden="true">✓ </span>Tu código promocional fue aplicado
            </p>
          ) : (
            <Button variant="link" onClick={openPromo}>
              ¿Tenés un código promocional?
            </Button>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      <section className="plans-page" aria-labelledby="plans-title">
        <p className="plans-back">
          <Link to={loggedIn ? academyPath : '/'}>
            <span aria-hidden="true">← </span>
            {loggedIn ? 'Volver a la academia' : 'Volver al inicio'}
          </Link>
        </p>
        <header className="plans-header">
          <h1 id="plans-title">{countryBlocked ? 'Suscripciones' : 'Elegí tu plan'}</h1>
          <p className="plans-intro">
            Con tu suscripción accedés a todos los cursos de la academia. Cancelás cuando quieras.
          </p>
        </header>
        {content}
      </section>
      <PromoCodeDialog
        open={promoStep === 'form'}
        onCancel={() => setPromoStep('closed')}
        onRedeemed={redeemed}
      />
      <PromoLoginDialog
        open={promoStep === 'login'}
        onLogin={() => goLogin(loginPath)}
        onRegister={() => goLogin(registerPath)}
        onCancel={() => {
          trackSubscription('promoCancelled', { from: 'plans', loggedIn: false });
          setPromoStep('closed');
        }}
      />
      <PromoSuccessDialog
        endDate={grantedUntil}
        fromApp={Boolean(appReturn?.fromApp)}
        onClose={closeGranted}
      />
    </>
  );
}

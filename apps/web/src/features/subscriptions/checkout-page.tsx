import type { PlanFrequency } from '@alcancia/contract';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import {
  appDeepLinkOf,
  appReturnFromEntry,
  clearAppReturn,
  readAppReturn,
  saveAppReturn,
} from '../../shared/checkout/app-return';
import { CardForm, type CardFormSubmission } from '../../shared/checkout/card-form';
import { useCheckoutAttempt, wasAnswered } from '../../shared/checkout/checkout-attempt';
import {
  CardFormLoadError,
  CheckoutLoading,
  UserDataErrorDialog,
  WhatsAppHelpLink,
} from '../../shared/checkout/checkout-parts';
import { allowedCountry, awaitingCountryLabel, awaitsCountry } from '../../shared/checkout/country-gate';
import { ErrorDialog } from '../../shared/checkout/error-dialog';
import { InvoiceDocumentField, invoiceDocumentOf } from '../../shared/checkout/invoice-document-field';
import { otherPaymentMethodsPath } from '../../shared/checkout/other-payment-methods';
import { PaymentResultModal } from '../../shared/checkout/payment-result-modal';
import {
  blocksUpgrade,
  canonicalPlanPath,
  cardProvider,
  checkoutPath,
  currentPlanOf,
  frequencyRedirect,
  isPlanFrequency,
  isUpgrade,
} from '../../shared/checkout/plan-rules';
import { refusalMessage } from '../../shared/checkout/refusal-messages';
import {
  refreshAfterSubscription,
  searchPlan,
  subscribeWithCard,
  subscriptionKeys,
  useFeatureFlags,
} from '../../shared/checkout/subscriptions-api';
import { useCheckoutEntry } from '../../shared/checkout/use-checkout-entry';
import { useMercadoPago } from '../../shared/checkout/use-mercadopago';
import { usePaymentResult } from '../../shared/checkout/use-payment-result';
import { WithdrawalRightNotice } from '../../shared/checkout/withdrawal-right-notice';
import { isPromoRefusal, subscriptionPromoErrorText } from './invalid-promo-for-plan';
import { OrderSummary } from './order-summary';
import { paymentFailure } from './payment-failure';
import { PromoBox } from './promo-box';
import { trackSubscription } from './subscription-events';
import { RefundNotice, UpgradeGuardDialog } from './upgrade-dialogs';
import { useCurrentUserWhen, useSubscriptionStatus } from './use-account';
import { purchaseState } from './use-plan-choice';
import '../../shared/checkout/checkout.css';
import './subscriptions.css';
import { academyPath, plansPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';

const pageTitle = 'Finalizá tu suscripción';

function Loading({ label }: { label?: string }) {
  return <CheckoutLoading title={pageTitle} label={label} />;
}

/**
 * /compra/suscripcion/{plan}/{frequency} (logged in, inside the shell): the subscription checkout.
 * Hidden behind a loader until the card form, the user and the plan are ready. On the way: the
 * frequency redirect by flag, the country gate (Argentina only), the provider-plan check, the
 * redirect provider, and the upgrade guard. Then the card form with the order summary, the promo
 * box and the help link; the payment result modal counts failed attempts (one retry).
 */
export default function SubscriptionCheckoutPage() {
  usePageTitle(pageTitle);
  const { plan: planName = '', frequency: frequencyParam = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { entry, promoCode, setPromoCode, appReturn, refusedPromo, refusePromo } = useCheckoutEntry();
  const frequency = isPlanFrequency(frequencyParam) ? frequencyParam : null;
  const [failure, setFailure] = useState<{ title: string; text: string; onClose?: () => void } | null>(null);
  const [endDate, setEndDate] = useState<string | null>(null);
  const [invoiceDocument, setInvoiceDocument] = useState('');
  const [invoiceDocumentTouched, setInvoiceDocumentTouched] = useState(false);
  const invoiceDocumentRef = useRef<HTMLInputElement>(null);
  const invoiceDni = invoiceDocumentOf(invoiceDocument);
  const viewed = useRef(false);

  const flags = useFeatureFlags();
  const user = useCurrentUserWhen(true);
  const status = useSubscriptionStatus(true);
  const plan = useQuery({
    queryKey: subscriptionKeys.plan(planName, frequency ?? '', promoCode),
    queryFn: ({ signal }) =>
      searchPlan(planName, { promoCode, planFrequency: frequency ?? undefined, signal }),
    enabled: frequency !== null && planName !== '',
    staleTime: 5 * 60 * 1000,
    placeholderData: keepPreviousData,
    retry: false,
  });
  const sdk = useMercadoPago();
  const [trialUsed, setTrialUsed] = useState(false);
  // one Idempotency-Key per checkout attempt: a double tap is answered once, charged once
  const submitKey = useCheckoutAttempt();
  const attempts = usePaymentResult({ purchaseType: 'SUBSCRIPTION_PURCHASE', productId: plan.data?.id });
  const { result, attempt, dispatch } = attempts;

  const backState = purchaseState(entry, promoCode);
  // Once a payment has an outcome the page stays as it is (no guard over the result).
  const locked = result.status !== 'pending';
  const loadedPlan = plan.data && frequency ? plan.data.providerPlans[frequency] : undefined;
  // The server said she already had her free trial (another account with this card): from then on
  // the summary shows the plan as she will be charged.
  const providerPlan = loadedPlan && trialUsed ? { ...loadedPlan, freeTrial: null } : loadedPlan;
  // Only for a buyer the country gate lets through (not while it waits or redirects).
  const externalUrl =
    providerPlan &&
    providerPlan.checkoutProvider !== cardProvider &&
    user.data?.countryCode === allowedCountry
      ? providerPlan.checkoutUrl
      : null;
  const current = currentPlanOf(status.data);
  const upgrade = plan.data ? isUpgrade(plan.data, current) : false;
  const ready =
    sdk.status === 'ready' &&
    user.data?.countryCode === allowedCountry &&
    providerPlan !== undefined &&
    providerPlan.checkoutProvider === cardProvider &&
    !status.isPending &&
    attempts.ready;

  // The redirect provider: the browser goes straight to the plan's checkout link.
  useEffect(() => {
    if (!externalUrl) return;
    saveAppReturn(appReturnFromEntry(entry) ?? readAppReturn());
    window.location.assign(externalUrl);
  }, [externalUrl, entry]);

  // A code that came with the link and is refused: the plan loads without it, and the promo box
  // opens with the code and the reason next to it (decision 76), instead of a dialog.
  const promoRefused = plan.isError && promoCode !== null && isPromoRefusal(plan.error);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per refused load
  useEffect(() => {
    if (promoRefused) refusePromo(subscriptionPromoErrorText(plan.error));
  }, [promoRefused]);

  useEffect(() => {
    if (!ready || viewed.current || !plan.data || !frequency) return;
    viewed.current = true;
    trackSubscription('checkoutView', { plan: plan.data.name, frequency, upgrade });
  }, [ready, plan.data, frequency, upgrade]);

  /* ---------- gates, in the order the spec gives them ---------- */

  if (!frequency) {
    return (
      <ErrorDialog
        title="Este plan no está disponible"
        text="No encontramos esa frecuencia de pago para el plan. Elegí otra opción en la lista de planes."
        actionLabel="Ver planes"
        onClose={() => navigate(plansPath, { replace: true, state: backState })}
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
    if (promoRefused) return <Loading />;
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
        onClose={() => navigate(plansPath, { replace: true, state: backState })}
      />
    );
  }
  if (externalUrl) return <Loading label="Te llevamos a la página de pago…" />;
  if (providerPlan.checkoutProvider !== cardProvider) {
    return (
      <ErrorDialog
        title="Este plan no está disponible"
        text="Este plan no se puede pagar desde la web por ahora. Elegí otro plan o escribinos para ayudarte."
        actionLabel="Ver planes"
        onClose={() => navigate(plansPath, { replace: true, state: backState })}
      />
    );
  }

  if (status.isPending) return <Loading />;
  if (!locked && blocksUpgrade(chosen, current)) {
    return (
      <>
        <Loading />
        <UpgradeGuardDialog
          currentPlanName={status.data?.subscriptionPlan?.name ?? null}
          chosenPlanTitle={chosen.displayMetadata.title}
          onSeePlans={() => navigate(plansPath, { replace: true, state: backState })}
          onAcademy={() => navigate(academyPath, { replace: true })}
        />
      </>
    );
  }

  if (sdk.status === 'error') return <CardFormLoadError title={pageTitle} onRetry={sdk.retry} />;
  if (sdk.status === 'loading') return <Loading />;

  /* ---------- the checkout ---------- */

  const paidFrequency: PlanFrequency = frequency;
  const eventProps = { plan: chosen.name, frequency, promoCode: promoCode ?? undefined, upgrade };
  const trial = !upgrade && providerPlan.freeTrial !== null;
  const submitLabel = trial
    ? 'Empezar mi prueba gratis'
    : upgrade
      ? 'Confirmar el cambio de plan'
      : 'Pagar y suscribirme';

  /** The optional DNI for the invoice: a wrong one blocks the payment, said on the field. */
  function validateInvoiceDocument({ focus }: { focus: boolean }): boolean {
    setInvoiceDocumentTouched(true);
    if (!invoiceDni.error) return true;
    if (focus) invoiceDocumentRef.current?.focus();
    trackSubscription('checkoutError', { ...eventProps, fields: 'invoiceDocument' });
    return false;
  }

  async function pay(card: CardFormSubmission) {
    trackSubscription('shopCheckoutSubmit', { ...eventProps, brand: card.paymentMethodId ?? undefined });
    trackSubscription('checkoutSubmit', { ...eventProps, brand: card.paymentMethodId ?? undefined });
    try {
      const answer = await subscribeWithCard(
        {
          subscriptionPlanName: chosen.name,
          subscriptionPlanFrequency: paidFrequency,
          cardToken: card.token,
          ...(promoCode ? { promoCode } : {}),
          expectsFreeTrial: trial,
          ...(invoiceDni.document ? { invoiceDocument: invoiceDni.document } : {}),
        },
        submitKey.key(),
      );
      if (answer.outcome === 'refused') {
        submitKey.next();
        trackSubscription('checkoutError', { ...eventProps, reason: answer.reason });
        dispatch({ type: 'refused', reason: answer.reason });
        return;
      }
      if (answer.body.status === 'pending') {
        trackSubscription('checkoutSuccess', { ...eventProps, status: 'pending' });
        dispatch({ type: 'inProcess' });
        return;
      }
      trackSubscription('checkoutSuccess', {
        ...eventProps,
        status: 'approved',
        refundStatus: answer.body.refundStatus ?? undefined,
      });
      setEndDate(answer.body.subscriptionEndDate || null);
      dispatch({
        type: 'approved',
        isUpgrade: answer.body.isUpgradeSubscription,
        refundStatus: answer.body.refundStatus ?? null,
      });
    } catch (error) {
      if (wasAnswered(error)) submitKey.next();
      trackSubscription('checkoutError', {
        ...eventProps,
        code: error instanceof ApiError ? error.internalCode : 'UNEXPECTED_ERROR',
      });
      const failed = paymentFailure(error);
      if (failed.endsFreeTrial) setTrialUsed(true);
      setFailure({
        title: failed.title,
        text: failed.text,
        ...(failed.dropsPromoCode ? { onClose: () => setPromoCode(null) } : {}),
      });
    }
  }

  /** After success (or a payment in process): the app's deep link when it came from the app, else the academy. */
  async function finish() {
    // Before leaving: the academy then opens with the courses she just opened, not old locks.
    await refreshAfterSubscription(queryClient);
    if (appReturn?.fromApp) {
      clearAppReturn();
      window.location.assign(appDeepLinkOf(appReturn));
      return;
    }
    navigate(academyPath, { replace: true });
  }

  const successBody =
    result.status === 'success' && result.isUpgrade ? (
      <>
        <p>
          Tu plan ahora es <strong>{chosen.displayMetadata.title}</strong> y ya tenés acceso a todo lo que
          incluye.
        </p>
        {result.refundStatus && <RefundNotice refundStatus={result.refundStatus} />}
      </>
    ) : (
      <>
        <p>
          Ya tenés acceso a todos los cursos del plan <strong>{chosen.displayMetadata.title}</strong>.
        </p>
        {endDate && (
          <p>
            {trial ? 'Tu prueba gratis dura hasta el' : 'Tu suscripción está activa hasta el'}{' '}
            {formatDate(endDate)} y se renueva sola.
          </p>
        )}
      </>
    );

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <p className="checkout-back">
        <Link
          to={plansPath}
          state={backState}
          onClick={() => trackSubscription('checkoutClose', { ...eventProps, via: 'back' })}
        >
          <span aria-hidden="true">← </span>Volver a los planes
        </Link>
      </p>
      <h1 id="checkout-title" className="checkout-title">
        {upgrade ? 'Cambiá tu plan' : 'Finalizá tu suscripción'}
      </h1>
      {upgrade && (
        <Banner tone="info">
          Vas a cambiar tu plan {status.data?.subscriptionPlan?.name ?? 'actual'} por el plan{' '}
          {chosen.displayMetadata.title}. El nuevo plan empieza hoy y te devolvemos la parte que no usaste del
          anterior.
        </Banner>
      )}
      {/* the price first: on a phone it comes before the card form (issue 30); on a desktop it sits on the right */}
      <div className="checkout-grid">
        <div className="checkout-summary">
          <OrderSummary
            plan={chosen}
            frequency={frequency}
            providerPlan={providerPlan}
            promoCode={promoCode}
            upgrade={upgrade}
          />
          <WithdrawalRightNotice kind="subscription" />
        </div>
        <section className="checkout-card checkout-main" aria-labelledby="card-form-title">
          <h2 id="card-form-title" className="checkout-card-title">
            Pagá con tarjeta
          </h2>
          <CardForm
            mp={sdk.mp}
            documentTypes={sdk.documentTypes}
            submitLabel={submitLabel}
            onSubmit={pay}
            attempt={attempt}
            refusal={attempts.lastRefusal}
            disabled={locked}
            onValidate={validateInvoiceDocument}
            onInvalid={(fields) =>
              trackSubscription('checkoutError', { ...eventProps, fields: fields.join(',') })
            }
            beforeSubmit={
              <InvoiceDocumentField
                ref={invoiceDocumentRef}
                value={invoiceDocument}
                error={invoiceDocumentTouched ? invoiceDni.error : null}
                onChange={(value) => {
                  setInvoiceDocument(value);
                  setInvoiceDocumentTouched(false);
                }}
                onBlur={() => setInvoiceDocumentTouched(true)}
              />
            }
          />
        </section>
        <div className="checkout-aside">
          <PromoBox
            planName={planName}
            frequency={frequency}
            promoCode={promoCode}
            refused={refusedPromo}
            onApplied={setPromoCode}
          />
          <WhatsAppHelpLink
            message={`Hola, necesito ayuda para suscribirme al plan ${chosen.displayMetadata.title}.`}
            onClick={() => trackSubscription('checkoutHelp', eventProps)}
          />
        </div>
      </div>
      <PaymentResultModal
        result={result}
        onRetry={() => dispatch({ type: 'retry' })}
        success={{
          title:
            result.status === 'success' && result.isUpgrade
              ? '¡Listo! Cambiaste de plan'
              : '¡Listo! Tu suscripción está activa',
          body: successBody,
          actionLabel: appReturn?.fromApp ? 'Volver a la app' : 'Ir a la academia',
          onAction: finish,
        }}
        inProcess={{
          title: 'Estamos procesando tu pago',
          body: (
            <p>
              Mercado Pago está revisando tu pago. Cuando se acredite, tu suscripción se activa sola y te
              avisamos por correo. Puede tardar hasta 2 días hábiles.
            </p>
          ),
          actionLabel: appReturn?.fromApp ? 'Volver a la app' : 'Ir a la academia',
          onAction: finish,
        }}
        exhausted={{
          title: 'No pudimos procesar tu pago',
          body: (
            <>
              {result.status === 'exhaustedAttempts' && <p>{refusalMessage(result.reason)}</p>}
              <p>
                Ya usaste los intentos de pago con tarjeta. Te mostramos otras formas de pagar tu suscripción.
              </p>
            </>
          ),
          actionLabel: 'Ver otras formas de pago',
          onAction: () => {
            trackSubscription('checkoutClose', { ...eventProps, via: 'exhaustedAttempts' });
            navigate(otherPaymentMethodsPath({ kind: 'subscription', planId: chosen.id, frequency }));
          },
        }}
      />
      {failure && (
        <ErrorDialog
          title={failure.title}
          text={failure.text}
          onClose={() => {
            failure.onClose?.();
            setFailure(null);
          }}
        />
      )}
    </section>
  );
}

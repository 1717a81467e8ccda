import type { PlanFrequency, ProviderPlan, SubscriptionPlan } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { academyPath, plansPath } from '../../lib/paths';
import { appDeepLinkOf, clearAppReturn } from '../../shared/checkout/app-return';
import { CardForm } from '../../shared/checkout/card-form';
import { CardCheckoutSection, CheckoutLayout } from '../../shared/checkout/checkout-layout';
import { WhatsAppHelpLink } from '../../shared/checkout/checkout-parts';
import { ErrorDialog } from '../../shared/checkout/error-dialog';
import { refreshAfterSubscription } from '../../shared/checkout/subscriptions-api';
import { useInvoiceDocument } from '../../shared/checkout/use-invoice-document';
import type { CardFormReadiness } from '../../shared/checkout/use-mercadopago';
import { WithdrawalRightNotice } from '../../shared/checkout/withdrawal-right-notice';
import { Banner } from '../../ui/banner';
import { OrderSummary } from './order-summary';
import { PromoBox } from './promo-box';
import { trackSubscription } from './subscription-events';
import { SubscriptionResultModal } from './subscription-result-modal';
import type { SubscriptionCheckoutState } from './use-subscription-checkout';
import { useSubscriptionPayment } from './use-subscription-payment';

/**
 * The subscription checkout once every gate let her through: the order summary, the card form
 * (with the optional invoice DNI), the promo box and help, the result modal and the failure dialog.
 */
export function SubscriptionCheckout({
  checkout,
  chosen,
  frequency,
  providerPlan,
  mercadoPago,
}: {
  checkout: SubscriptionCheckoutState;
  chosen: SubscriptionPlan;
  frequency: PlanFrequency;
  providerPlan: ProviderPlan;
  mercadoPago: Extract<CardFormReadiness, { status: 'ready' }>;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { planName, promoCode, setPromoCode, refusedPromo, appReturn, upgrade, attempts, locked } = checkout;
  const eventProps = { plan: chosen.name, frequency, promoCode: promoCode ?? undefined, upgrade };
  const trial = !upgrade && providerPlan.freeTrial !== null;
  const submitLabel = trial
    ? 'Empezar mi prueba gratis'
    : upgrade
      ? 'Confirmar el cambio de plan'
      : 'Pagar y suscribirme';
  const invoice = useInvoiceDocument(() =>
    trackSubscription('checkoutError', { ...eventProps, fields: 'invoiceDocument' }),
  );
  const payment = useSubscriptionPayment({
    checkout,
    chosen,
    frequency,
    trial,
    invoiceDocument: invoice.document,
    eventProps,
  });

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

  return (
    <CheckoutLayout
      back={{
        to: plansPath,
        state: checkout.backState,
        label: 'Volver a los planes',
        onClick: () => trackSubscription('checkoutClose', { ...eventProps, via: 'back' }),
      }}
      title={upgrade ? 'Cambiá tu plan' : 'Finalizá tu suscripción'}
      notice={
        upgrade && (
          <Banner tone="info">
            Vas a cambiar tu plan {checkout.status.data?.subscriptionPlan?.name ?? 'actual'} por el plan{' '}
            {chosen.displayMetadata.title}. El nuevo plan empieza hoy y te devolvemos la parte que no usaste
            del anterior.
          </Banner>
        )
      }
      summary={
        <>
          <OrderSummary
            plan={chosen}
            frequency={frequency}
            providerPlan={providerPlan}
            promoCode={promoCode}
            upgrade={upgrade}
          />
          <WithdrawalRightNotice kind="subscription" />
        </>
      }
      main={
        <CardCheckoutSection>
          <CardForm
            mp={mercadoPago.mp}
            documentTypes={mercadoPago.documentTypes}
            submitLabel={submitLabel}
            onSubmit={payment.pay}
            attempt={attempts.attempt}
            refusal={attempts.lastRefusal}
            disabled={locked}
            onValidate={invoice.validate}
            onInvalid={(fields) =>
              trackSubscription('checkoutError', { ...eventProps, fields: fields.join(',') })
            }
            beforeSubmit={invoice.field}
          />
        </CardCheckoutSection>
      }
      aside={
        <>
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
        </>
      }
    >
      <SubscriptionResultModal
        attempts={attempts}
        chosen={chosen}
        frequency={frequency}
        trial={trial}
        endDate={payment.endDate}
        fromApp={appReturn?.fromApp === true}
        onFinish={finish}
        onExhausted={() => trackSubscription('checkoutClose', { ...eventProps, via: 'exhaustedAttempts' })}
      />
      {payment.failure && (
        <ErrorDialog
          title={payment.failure.title}
          text={payment.failure.text}
          onClose={() => {
            payment.failure?.onClose?.();
            payment.clearFailure();
          }}
        />
      )}
    </CheckoutLayout>
  );
}

import type { ProgramPreview } from '@alcancia/contract';
import { useState } from 'react';
import type { EventProperties } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import { saveAppReturn } from '../../shared/checkout/app-return';
import type { CardFormSubmission } from '../../shared/checkout/card-form';
import { wasAnswered } from '../../shared/checkout/checkout-attempt';
import { requestPaymentLink } from '../../shared/checkout/program-checkout-api';
import { alreadyPurchasedDialog, type CheckoutDialog, previewErrorDialog } from './checkout-rules';
import { payProgram } from './pay-program';
import { trackProgram } from './program-events';
import type { ProgramCheckoutState } from './use-program-checkout';

/** Only the web's own and https pages are followed from the redirect provider's answer. */
function safeLink(link: string): string | null {
  try {
    const url = new URL(link, window.location.origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/**
 * Paying the program: by card (one Idempotency-Key per attempt, a new one once an attempt was
 * answered; the outcome to the result modal, a failure to a dialog) or by going to the redirect
 * provider's checkout with the app-return info saved.
 */
export function useProgramPayment({
  checkout,
  program,
  installments,
  invoiceDocument,
  eventProps,
  onDialog,
}: {
  checkout: ProgramCheckoutState;
  program: ProgramPreview;
  installments: () => number;
  invoiceDocument: string | null;
  eventProps: EventProperties;
  onDialog(dialog: CheckoutDialog): void;
}) {
  const { promoCode, setPromoCode, submitKey, attempts, appReturn } = checkout;
  const [redirecting, setRedirecting] = useState(false);

  async function pay(card: CardFormSubmission) {
    const count = installments();
    const submitProps = { ...eventProps, installments: count, brand: card.paymentMethodId ?? undefined };
    trackProgram('shopCheckoutSubmit', submitProps);
    trackProgram('checkoutSubmit', submitProps);
    try {
      const answer = await payProgram(
        {
          programId: program.id,
          cardDetails: {
            identification: card.identification,
            issuerId: card.issuerId,
            paymentMethodId: card.paymentMethodId ?? '',
            cardTokenId: card.token,
          },
          installments: count,
          ...(promoCode ? { promoCode } : {}),
          ...(invoiceDocument ? { invoiceDocument } : {}),
        },
        submitKey.key(),
      );
      if (answer.outcome === 'refused') {
        submitKey.next();
        trackProgram('checkoutError', { ...submitProps, reason: answer.reason });
        attempts.dispatch({ type: 'refused', reason: answer.reason });
        return;
      }
      if (answer.body.status === 'pending') {
        trackProgram('checkoutSuccess', { ...submitProps, status: 'pending' });
        attempts.dispatch({ type: 'inProcess' });
        return;
      }
      trackProgram('checkoutSuccess', { ...submitProps, status: 'approved' });
      attempts.dispatch({ type: 'approved' });
    } catch (error) {
      if (wasAnswered(error)) submitKey.next();
      const code = error instanceof ApiError ? error.internalCode : 'UNEXPECTED_ERROR';
      trackProgram('checkoutError', { ...submitProps, code });
      if (code === 'ALREADY_PURCHASED') {
        onDialog(alreadyPurchasedDialog(program.id));
        return;
      }
      if (code === 'PROMO_CODE') {
        setPromoCode(null);
        onDialog(previewErrorDialog(error, program.id));
        return;
      }
      onDialog({
        title: 'No pudimos completar el pago',
        text:
          error instanceof ApiError && error.message
            ? error.message
            : 'Ocurrió un error inesperado. Probá de nuevo en unos minutos.',
        actionLabel: 'Entendido',
        close: { kind: 'stay' },
        reference: code,
      });
    }
  }

  /** The redirect provider: app-return info saved, then the external checkout link. */
  async function goToProvider() {
    if (redirecting) return;
    setRedirecting(true);
    trackProgram('shopCheckoutSubmit', eventProps);
    trackProgram('checkoutSubmit', eventProps);
    saveAppReturn(appReturn);
    try {
      const link = safeLink(await requestPaymentLink(program.id, promoCode, submitKey.key()));
      if (!link) throw new Error('El enlace de pago no es válido.');
      window.location.assign(link);
    } catch (error) {
      if (wasAnswered(error)) submitKey.next();
      // Spec §8: only reported to analytics.
      trackProgram('paymentLinkError', {
        ...eventProps,
        code: error instanceof ApiError ? error.internalCode : 'UNEXPECTED_ERROR',
      });
      setRedirecting(false);
    }
  }

  return { pay, goToProvider, redirecting };
}

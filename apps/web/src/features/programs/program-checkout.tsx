import type { ProgramPreview } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { programDetailPath, programsPath } from '../../lib/paths';
import { clearAppReturn } from '../../shared/checkout/app-return';
import { CardForm } from '../../shared/checkout/card-form';
import { CardCheckoutSection, CheckoutLayout } from '../../shared/checkout/checkout-layout';
import { WhatsAppHelpLink } from '../../shared/checkout/checkout-parts';
import { ErrorDialog } from '../../shared/checkout/error-dialog';
import { refreshAfterPurchase } from '../../shared/checkout/program-checkout-api';
import { ProgramOrderSummary } from '../../shared/checkout/program-order-summary';
import { useInvoiceDocument } from '../../shared/checkout/use-invoice-document';
import { WithdrawalRightNotice } from '../../shared/checkout/withdrawal-right-notice';
import { Button } from '../../ui/button';
import { afterSuccessDestination, type CheckoutDialog, previewErrorDialog } from './checkout-rules';
import { trackProgram } from './program-events';
import { ProgramPromoBox } from './program-promo-box';
import { ProgramResultModal } from './program-result-modal';
import { useInstallmentChoice } from './use-installment-choice';
import type { ProgramCheckoutState } from './use-program-checkout';
import { useProgramPayment } from './use-program-payment';

/** A dialog of the checkout rules (error, already purchased), closed as the rule says. */
export function RuleDialog({ dialog, onStay }: { dialog: CheckoutDialog; onStay?(): void }) {
  const navigate = useNavigate();
  return (
    <ErrorDialog
      title={dialog.title}
      text={dialog.text}
      code={dialog.reference}
      actionLabel={dialog.actionLabel}
      onClose={() => {
        if (dialog.close.kind === 'navigate') navigate(dialog.close.path, { replace: true });
        else onStay?.();
      }}
    />
  );
}

/**
 * The program checkout once every gate let her through: the order summary, either the card form
 * (cuotas and the optional invoice DNI before paying) or the button to the redirect provider, the
 * promo box, the transfer and help links, the result modal and the rules' dialogs.
 */
export function ProgramCheckout({
  checkout,
  program,
}: {
  checkout: ProgramCheckoutState;
  program: ProgramPreview;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<CheckoutDialog | null>(null);
  const { promoCode, setPromoCode, refusedPromo, appReturn, sdk, cardCheckout, locked, attempts } = checkout;
  const eventProps = {
    programId: program.id,
    promoCode: promoCode ?? undefined,
    provider: checkout.provider.data ?? undefined,
  };
  const installments = useInstallmentChoice({
    id: checkout.id,
    program,
    promoCode,
    cardCheckout,
    onInvalid: () => trackProgram('checkoutError', { ...eventProps, fields: 'installments' }),
  });
  const invoice = useInvoiceDocument(() =>
    trackProgram('checkoutError', { ...eventProps, fields: 'invoiceDocument' }),
  );
  const payment = useProgramPayment({
    checkout,
    program,
    installments: installments.count,
    invoiceDocument: invoice.document,
    eventProps,
    onDialog: setDialog,
  });
  const kind = program.type === 'PACK' ? 'pack' : 'programa';

  /** The cuotas first, then the DNI: the first wrong field takes the focus. */
  function validateExtraFields({ focus }: { focus: boolean }): boolean {
    const installmentsValid = installments.validate({ focus });
    return invoice.validate({ focus: focus && installmentsValid }) && installmentsValid;
  }

  /** After success: the app, the program in the academy, or home (spec §4). */
  async function finish() {
    // Before leaving: the academy then opens on the program she just bought, not on old locks.
    await refreshAfterPurchase(queryClient);
    const destination = afterSuccessDestination({ appReturn, programId: program.id });
    clearAppReturn();
    if (destination.kind === 'app') window.location.assign(destination.url);
    else navigate(destination.path, { replace: true });
  }

  /** A payment still in review: the app, or the program list (it shows up there once paid). */
  function finishInProcess() {
    if (appReturn?.fromApp) {
      void finish();
      return;
    }
    void refreshAfterPurchase(queryClient);
    clearAppReturn();
    navigate(programsPath, { replace: true });
  }

  return (
    <CheckoutLayout
      back={{
        to: programDetailPath(program.id),
        label: `Volver al ${kind}`,
        onClick: () => trackProgram('checkoutClose', { ...eventProps, via: 'back' }),
      }}
      title={`Comprá tu ${kind}`}
      summary={
        <>
          <ProgramOrderSummary preview={program} installment={installments.chosenOption} />
          <WithdrawalRightNotice kind={program.type === 'PACK' ? 'pack' : 'program'} />
        </>
      }
      main={
        cardCheckout && sdk.status === 'ready' ? (
          <CardCheckoutSection>
            <CardForm
              mp={sdk.mp}
              documentTypes={sdk.documentTypes}
              submitLabel={`Pagar ${kind}`}
              onSubmit={payment.pay}
              attempt={attempts.attempt}
              refusal={attempts.lastRefusal}
              disabled={locked}
              onBinChange={installments.onBinChange}
              onValidate={validateExtraFields}
              onInvalid={(fields) =>
                trackProgram('checkoutError', { ...eventProps, fields: fields.join(',') })
              }
              beforeSubmit={
                <>
                  {installments.select}
                  {invoice.field}
                </>
              }
            />
          </CardCheckoutSection>
        ) : (
          <section className="checkout-card checkout-main" aria-labelledby="redirect-title">
            <h2 id="redirect-title" className="checkout-card-title">
              Pagá en la página de pago
            </h2>
            <p>
              Vas a terminar tu compra en la página segura de nuestro proveedor de pagos. Cuando termines,
              volvés a Alcancía y el {kind} ya queda en tu cuenta.
            </p>
            <Button
              block
              aria-disabled={payment.redirecting || locked ? true : undefined}
              aria-busy={payment.redirecting || undefined}
              onClick={() => void payment.goToProvider()}
            >
              {payment.redirecting ? 'Te llevamos a la página de pago…' : 'Continuar al pago'}
            </Button>
          </section>
        )
      }
      aside={
        <>
          <ProgramPromoBox
            programId={program.id}
            promoCode={promoCode}
            refused={refusedPromo}
            disabled={locked}
            onApplied={(code) => {
              setPromoCode(code);
              installments.reset();
            }}
            onActivated={(code) => {
              checkout.setActivatedCode(code);
              trackProgram('checkoutSuccess', { ...eventProps, promoCode: code, status: 'activated' });
            }}
            onPreviewError={(error) => setDialog(previewErrorDialog(error, program.id))}
          />
          {program.transferPaymentUrl && (
            <p className="checkout-help">
              <a
                href={program.transferPaymentUrl}
                target="_blank"
                rel="noreferrer"
                onClick={() => trackProgram('transferLinkClicked', eventProps)}
              >
                Pagá en cuotas sin interés
                <span className="visually-hidden"> (se abre en otra pestaña)</span>
              </a>
            </p>
          )}
          <WhatsAppHelpLink
            message={`Hola, necesito ayuda para comprar ${program.name}.`}
            onClick={() => trackProgram('checkoutHelp', eventProps)}
          />
        </>
      }
    >
      <ProgramResultModal
        attempts={attempts}
        program={program}
        activatedCode={checkout.activatedCode}
        fromApp={appReturn?.fromApp === true}
        onFinish={finish}
        onFinishInProcess={finishInProcess}
        onExhausted={() => trackProgram('checkoutClose', { ...eventProps, via: 'exhaustedAttempts' })}
      />
      {dialog && <RuleDialog dialog={dialog} onStay={() => setDialog(null)} />}
    </CheckoutLayout>
  );
}

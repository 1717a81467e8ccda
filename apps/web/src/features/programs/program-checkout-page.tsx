import type { InstallmentOption, ProgramPreview } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { useCurrentUser } from '../../shared/account/account-queries';
import { clearAppReturn, saveAppReturn } from '../../shared/checkout/app-return';
import { CardForm, type CardFormSubmission } from '../../shared/checkout/card-form';
import { useCheckoutAttempt, wasAnswered } from '../../shared/checkout/checkout-attempt';
import {
  CardFormLoadError,
  CheckoutLoading,
  UserDataErrorDialog,
  WhatsAppHelpLink,
} from '../../shared/checkout/checkout-parts';
import { awaitingCountryLabel, awaitsCountry } from '../../shared/checkout/country-gate';
import { ErrorDialog } from '../../shared/checkout/error-dialog';
import { InvoiceDocumentField, invoiceDocumentOf } from '../../shared/checkout/invoice-document-field';
import { PaymentResultModal } from '../../shared/checkout/payment-result-modal';
import {
  cardCheckoutProvider,
  refreshAfterPurchase,
  requestPaymentLink,
  useCheckoutProvider,
  useProgramInstallments,
  useProgramPreview,
} from '../../shared/checkout/program-checkout-api';
import { ProgramOrderSummary } from '../../shared/checkout/program-order-summary';
import { promoErrorText } from '../../shared/checkout/promo-messages';
import { refusalMessage } from '../../shared/checkout/refusal-messages';
import { useCheckoutEntry } from '../../shared/checkout/use-checkout-entry';
import { useMercadoPago } from '../../shared/checkout/use-mercadopago';
import { usePaymentResult } from '../../shared/checkout/use-payment-result';
import { WithdrawalRightNotice } from '../../shared/checkout/withdrawal-right-notice';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import {
  afterSuccessDestination,
  alreadyPurchasedDialog,
  type CheckoutDialog,
  exhaustedDestination,
  installmentChoiceError,
  installmentsToPay,
  isOutsideArgentina,
  keptChoice,
  offersInstallments,
  previewErrorDialog,
  saleClosedDialog,
} from './checkout-rules';
import { InstallmentSelect } from './installment-select';
import { payProgram } from './pay-program';
import { trackProgram } from './program-events';
import { ProgramPromoBox } from './program-promo-box';
import { ownsProduct } from './programs-api';
import '../../shared/checkout/checkout.css';
import { plansPath, programDetailPath, programsPath } from '../../lib/paths';
import { Button } from '../../ui/button';

const pageTitle = 'Comprá tu programa';

function Loading({ label }: { label?: string }) {
  return <CheckoutLoading title={pageTitle} label={label} />;
}

/** A dialog of the checkout rules (error, already purchased), closed as the rule says. */
function RuleDialog({ dialog, onStay }: { dialog: CheckoutDialog; onStay?(): void }) {
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
 * /compra/programa/{id} (logged in, inside the shell): the program checkout. Hidden behind a
 * loader until the user, the preview, the checkout provider and (for the card) the card form are
 * ready. On the way: the country gate (Argentina only), the already-purchased dialog, the
 * preview's error dialogs, the sale window. Then the order summary, the promo box, the help and
 * transfer links, and either the card form with the installment selector (the result modal counts
 * failed attempts: one retry) or, for the redirect provider, the button to its checkout.
 */
export default function ProgramCheckoutPage() {
  usePageTitle(pageTitle);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { entry, promoCode, setPromoCode, appReturn, refusedPromo, refusePromo } = useCheckoutEntry();
  const [dialog, setDialog] = useState<CheckoutDialog | null>(null);
  const [activatedCode, setActivatedCode] = useState<string | null>(null);
  const [bin, setBin] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  const [installmentTouched, setInstallmentTouched] = useState(false);
  const [redirecting, setRedirecting] = useState(false);
  // one Idempotency-Key per checkout attempt: a double tap is answered once, charged once
  const submitKey = useCheckoutAttempt();
  const installmentRef = useRef<HTMLSelectElement>(null);
  const [invoiceDocument, setInvoiceDocument] = useState('');
  const [invoiceDocumentTouched, setInvoiceDocumentTouched] = useState(false);
  const invoiceDocumentRef = useRef<HTMLInputElement>(null);
  const invoiceDni = invoiceDocumentOf(invoiceDocument);
  const viewed = useRef(false);
  const activationTextId = useId();

  const user = useCurrentUser();
  const outside =
    !user.isPending && isOutsideArgentina({ userFailed: user.isError, countryCode: user.data?.countryCode });
  const allowed = !user.isPending && !outside && !user.isError && !awaitsCountry(user.data);
  const preview = useProgramPreview(id, promoCode, allowed);
  const provider = useCheckoutProvider(id, allowed);
  const cardCheckout = provider.data === cardCheckoutProvider;
  const sdk = useMercadoPago(allowed && cardCheckout);
  const attempts = usePaymentResult({
    purchaseType: 'PROGRAM_PURCHASE',
    productId: allowed && cardCheckout ? id : undefined,
  });
  const { result, attempt, dispatch } = attempts;

  const program: ProgramPreview | undefined = preview.data;
  const offered = program ? offersInstallments(program.installments) : false;
  const cardBin = bin ? bin.slice(0, 6) : null;
  const installments = useProgramInstallments({
    id,
    bin: cardBin,
    paymentMethodId: null,
    promoCode,
    enabled: offered && cardCheckout,
  });
  const options: InstallmentOption[] | undefined =
    offered && cardBin && installments.data ? installments.data.options : undefined;
  const optionsPending = offered && cardBin !== null && installments.isPending;
  const choice = keptChoice(options, chosen);
  const choiceError = optionsPending
    ? 'Elegí una opción para avanzar'
    : installmentChoiceError(offered, options, chosen);
  const chosenOption = options?.find((option) => option.installments === choice) ?? null;

  // Once a payment has an outcome (or a FREE code gave the program away) the page stays as it is.
  const locked = result.status !== 'pending' || activatedCode !== null;
  const owned = user.data ? ownsProduct(user.data.purchases, id) : false;
  const ready =
    allowed &&
    program !== undefined &&
    provider.data !== undefined &&
    (!cardCheckout || (sdk.status === 'ready' && attempts.ready));

  // A code that came with the link and is refused: the preview loads without it and the promo box
  // opens with the code and the reason next to it (decision 76), instead of a dialog.
  const promoRefused =
    !preview.data &&
    preview.isError &&
    promoCode !== null &&
    preview.error instanceof ApiError &&
    preview.error.internalCode === 'PROMO_CODE';
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per refused load
  useEffect(() => {
    if (promoRefused) refusePromo(promoErrorText(preview.error));
  }, [promoRefused]);

  useEffect(() => {
    if (!ready || viewed.current || !program) return;
    viewed.current = true;
    trackProgram('checkoutView', { programId: program.id, provider: provider.data ?? undefined });
  }, [ready, program, provider.data]);

  const onBinChange = useCallback((next: string | null) => setBin(next), []);

  /* ---------- gates, in the order the spec gives them ---------- */

  if (outside) return <Navigate to={plansPath} replace state={entry ? { entry } : undefined} />;
  if (user.isError) return <UserDataErrorDialog />;
  if (user.isPending) return <Loading />;
  if (awaitsCountry(user.data)) return <Loading label={awaitingCountryLabel} />;
  if (!locked && owned) {
    return (
      <>
        <Loading />
        <RuleDialog dialog={alreadyPurchasedDialog(id)} />
      </>
    );
  }
  if (!program) {
    if (preview.isError && !promoRefused) {
      return (
        <>
          <Loading />
          <RuleDialog dialog={previewErrorDialog(preview.error, id)} onStay={() => setPromoCode(null)} />
        </>
      );
    }
    return <Loading />;
  }
  const closed = locked ? null : saleClosedDialog(program);
  if (closed) {
    return (
      <>
        <Loading />
        <RuleDialog dialog={closed} />
      </>
    );
  }
  if (provider.isPending) return <Loading />;
  if (cardCheckout && sdk.status === 'error')
    return <CardFormLoadError title={pageTitle} onRetry={sdk.retry} />;
  if (cardCheckout && sdk.status !== 'ready') return <Loading />;

  /* ---------- the checkout ---------- */

  const chosenProgram = program;
  const eventProps = {
    programId: chosenProgram.id,
    promoCode: promoCode ?? undefined,
    provider: provider.data ?? undefined,
  };

  function validateInstallments({ focus }: { focus: boolean }): boolean {
    setInstallmentTouched(true);
    if (!choiceError) return true;
    if (focus) installmentRef.current?.focus();
    trackProgram('checkoutError', { ...eventProps, fields: 'installments' });
    return false;
  }

  function validateExtraFields({ focus }: { focus: boolean }): boolean {
    const installmentsValid = validateInstallments({ focus });
    setInvoiceDocumentTouched(true);
    if (!invoiceDni.error) return installmentsValid;
    if (focus && installmentsValid) invoiceDocumentRef.current?.focus();
    trackProgram('checkoutError', { ...eventProps, fields: 'invoiceDocument' });
    return false;
  }

  async function pay(card: CardFormSubmission) {
    const count = installmentsToPay(offered, options, chosen);
    const submitProps = { ...eventProps, installments: count, brand: card.paymentMethodId ?? undefined };
    trackProgram('shopCheckoutSubmit', submitProps);
    trackProgram('checkoutSubmit', submitProps);
    try {
      const answer = await payProgram(
        {
          programId: chosenProgram.id,
          cardDetails: {
            identification: card.identification,
            issuerId: card.issuerId,
            paymentMethodId: card.paymentMethodId ?? '',
            cardTokenId: card.token,
          },
          installments: count,
          ...(promoCode ? { promoCode } : {}),
          ...(invoiceDni.document ? { invoiceDocument: invoiceDni.document } : {}),
        },
        submitKey.key(),
      );
      if (answer.outcome === 'refused') {
        submitKey.next();
        trackProgram('checkoutError', { ...submitProps, reason: answer.reason });
        dispatch({ type: 'refused', reason: answer.reason });
        return;
      }
      if (answer.body.status === 'pending') {
        trackProgram('checkoutSuccess', { ...submitProps, status: 'pending' });
        dispatch({ type: 'inProcess' });
        return;
      }
      trackProgram('checkoutSuccess', { ...submitProps, status: 'approved' });
      dispatch({ type: 'approved' });
    } catch (error) {
      if (wasAnswered(error)) submitKey.next();
      const code = error instanceof ApiError ? error.internalCode : 'UNEXPECTED_ERROR';
      trackProgram('checkoutError', { ...submitProps, code });
      if (code === 'ALREADY_PURCHASED') {
        setDialog(alreadyPurchasedDialog(chosenProgram.id));
        return;
      }
      if (code === 'PROMO_CODE') {
        setPromoCode(null);
        setDialog(previewErrorDialog(error, chosenProgram.id));
        return;
      }
      setDialog({
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
      const link = safeLink(await requestPaymentLink(chosenProgram.id, promoCode, submitKey.key()));
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

  /** After success: the app, the program in the academy, or home (spec §4). */
  async function finish() {
    // Before leaving: the academy then opens on the program she just bought, not on old locks.
    await refreshAfterPurchase(queryClient);
    const destination = afterSuccessDestination({ appReturn, programId: chosenProgram.id });
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

  const finishLabel = appReturn?.fromApp ? 'Volver a la app' : 'Ir al programa';
  const kind = chosenProgram.type === 'PACK' ? 'pack' : 'programa';

  return (
    <section className="checkout" aria-labelledby="checkout-title">
      <p className="checkout-back">
        <Link
          to={programDetailPath(chosenProgram.id)}
          onClick={() => trackProgram('checkoutClose', { ...eventProps, via: 'back' })}
        >
          <span aria-hidden="true">← </span>Volver al {kind}
        </Link>
      </p>
      <h1 id="checkout-title" className="checkout-title">
        Comprá tu {kind}
      </h1>
      {/* the price first: on a phone it comes before the card form (issue 30); on a desktop it sits on the right */}
      <div className="checkout-grid">
        <div className="checkout-summary">
          <ProgramOrderSummary preview={chosenProgram} installment={chosenOption} />
          <WithdrawalRightNotice kind={chosenProgram.type === 'PACK' ? 'pack' : 'program'} />
        </div>
        {cardCheckout && sdk.status === 'ready' ? (
          <section className="checkout-card checkout-main" aria-labelledby="card-form-title">
            <h2 id="card-form-title" className="checkout-card-title">
              Pagá con tarjeta
            </h2>
            <CardForm
              mp={sdk.mp}
              documentTypes={sdk.documentTypes}
              submitLabel={`Pagar ${kind}`}
              onSubmit={pay}
              attempt={attempt}
              refusal={attempts.lastRefusal}
              disabled={locked}
              onBinChange={onBinChange}
              onValidate={validateExtraFields}
              onInvalid={(fields) =>
                trackProgram('checkoutError', { ...eventProps, fields: fields.join(',') })
              }
              beforeSubmit={
                <>
                  {offered && (
                    <InstallmentSelect
                      ref={installmentRef}
                      options={options}
                      cashPrice={chosenProgram.price}
                      loading={optionsPending}
                      failed={cardBin !== null && installments.isError}
                      value={choice}
                      error={installmentTouched ? choiceError : null}
                      onChange={(value) => {
                        setChosen(value);
                        setInstallmentTouched(value === null);
                      }}
                      onBlur={() => setInstallmentTouched(true)}
                    />
                  )}
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
                </>
              }
            />
          </section>
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
              aria-disabled={redirecting || locked ? true : undefined}
              aria-busy={redirecting || undefined}
              onClick={() => void goToProvider()}
            >
              {redirecting ? 'Te llevamos a la página de pago…' : 'Continuar al pago'}
            </Button>
          </section>
        )}
        <div className="checkout-aside">
          <ProgramPromoBox
            programId={chosenProgram.id}
            promoCode={promoCode}
            refused={refusedPromo}
            disabled={locked}
            onApplied={(code) => {
              setPromoCode(code);
              setChosen(null);
            }}
            onActivated={(code) => {
              setActivatedCode(code);
              trackProgram('checkoutSuccess', { ...eventProps, promoCode: code, status: 'activated' });
            }}
            onPreviewError={(error) => setDialog(previewErrorDialog(error, chosenProgram.id))}
          />
          {chosenProgram.transferPaymentUrl && (
            <p className="checkout-help">
              <a
                href={chosenProgram.transferPaymentUrl}
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
            message={`Hola, necesito ayuda para comprar ${chosenProgram.name}.`}
            onClick={() => trackProgram('checkoutHelp', eventProps)}
          />
        </div>
      </div>
      <PaymentResultModal
        result={result}
        onRetry={() => dispatch({ type: 'retry' })}
        success={{
          title: `¡Listo! Ya tenés tu ${kind}`,
          body: (
            <p>
              Ya podés empezar <strong>{chosenProgram.name}</strong>. Lo vas a encontrar siempre en Programas
              & Packs.
            </p>
          ),
          actionLabel: finishLabel,
          onAction: finish,
        }}
        inProcess={{
          title: 'Estamos procesando tu pago',
          body: (
            <p>
              Mercado Pago está revisando tu pago. Cuando se acredite, el {kind} aparece en tu cuenta y te
              avisamos por correo. Puede tardar hasta 2 días hábiles.
            </p>
          ),
          actionLabel: appReturn?.fromApp ? 'Volver a la app' : 'Ir a Programas & Packs',
          onAction: finishInProcess,
        }}
        exhausted={{
          title: 'No pudimos procesar tu pago',
          body: (
            <>
              {result.status === 'exhaustedAttempts' && <p>{refusalMessage(result.reason)}</p>}
              <p>
                Ya usaste los intentos de pago con tarjeta. Completá el formulario y te ayudamos a pagar tu{' '}
                {kind} de otra forma.
              </p>
            </>
          ),
          actionLabel: 'Ir al formulario de pago',
          onAction: () => {
            trackProgram('checkoutClose', { ...eventProps, via: 'exhaustedAttempts' });
            const destination = exhaustedDestination(chosenProgram);
            if (destination.startsWith('/')) navigate(destination);
            else window.location.assign(destination);
          },
        }}
      />
      <Dialog
        open={activatedCode !== null}
        onClose={finish}
        title="¡Tu código fue activado!"
        describedBy={activationTextId}
      >
        <DialogBody>
          <div id={activationTextId} className="result-body result-success">
            <p>
              Con el código <strong>{activatedCode}</strong>, {chosenProgram.name} ya es tuyo, sin costo.
            </p>
          </div>
          <DialogActions>
            <Button onClick={finish} data-autofocus>
              {finishLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </Dialog>
      {dialog && (
        <RuleDialog
          dialog={dialog}
          onStay={() => {
            setDialog(null);
          }}
        />
      )}
    </section>
  );
}

import type { AccountSubscription } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useId, useState } from 'react';

import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { CardForm, type CardFormSubmission } from '../../shared/checkout/card-form';
import { frequencyLabels } from '../../shared/checkout/plan-rules';
import { refusalMessage } from '../../shared/checkout/refusal-messages';
import { useMercadoPago } from '../../shared/checkout/use-mercadopago';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import { Spinner } from '../../ui/feedback';
import {
  afterSubscriptionChange,
  cancelAccountSubscription,
  changeSubscriptionCard,
  reactivateSubscription,
  useAccountSubscription,
} from './account-subscription-api';
import {
  actionsFor,
  cardLabel,
  nextChargeText,
  statusLabel,
  storedCardLabel,
} from './account-subscription-rules';
import { StoredCardForm } from './stored-card-form';
import '../../shared/checkout/checkout.css';
import './account-subscription.css';
import { plansPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';

export type Panel = 'card' | 'reactivate' | null;

const failureText = (error: unknown) =>
  error instanceof ApiError ? error.message : 'Ocurrió un error inesperado. Intentá nuevamente.';

function Facts({ subscription }: { subscription: AccountSubscription }) {
  const frequency = subscription.frequency
    ? (frequencyLabels[subscription.frequency as keyof typeof frequencyLabels] ?? subscription.frequency)
    : null;
  return (
    <dl className="subscription-facts">
      <div>
        <dt>Plan</dt>
        <dd>{subscription.plan?.name ?? 'Sin plan'}</dd>
      </div>
      {frequency && (
        <div>
          <dt>Frecuencia</dt>
          <dd>{frequency}</dd>
        </div>
      )}
      <div>
        <dt>Estado</dt>
        <dd data-status={subscription.status}>{statusLabel(subscription)}</dd>
      </div>
      {subscription.trialEndsAt && (
        <div>
          <dt>Prueba gratis hasta</dt>
          <dd>{formatDate(subscription.trialEndsAt)}</dd>
        </div>
      )}
      {subscription.nextChargeDate && (
        <div>
          <dt>Próximo cobro</dt>
          <dd>{nextChargeText(subscription.nextChargeDate, subscription.nextChargeAmount)}</dd>
        </div>
      )}
      {subscription.status === 'past_due' && subscription.nextChargeAmount !== null && (
        <div>
          <dt>Monto pendiente</dt>
          <dd>{formatMoney(subscription.nextChargeAmount)}</dd>
        </div>
      )}
      {subscription.currentPeriodEnd && subscription.status !== 'cancelled' && (
        <div>
          <dt>{subscription.status === 'expired' ? 'Acceso hasta' : 'Tenés acceso hasta'}</dt>
          <dd>{formatDate(subscription.currentPeriodEnd)}</dd>
        </div>
      )}
      {subscription.card && (
        <div>
          <dt>Tarjeta</dt>
          <dd>{cardLabel(subscription.card)}</dd>
        </div>
      )}
      {subscription.cancellationCode && (
        <div>
          <dt>Código de baja</dt>
          <dd>{subscription.cancellationCode}</dd>
        </div>
      )}
    </dl>
  );
}

/** The card form for a new card (change, or reactivation); MercadoPago.js loads only when it opens. */
export function CardPanel({
  panel,
  subscription,
  onDone,
  onClose,
}: {
  panel: Exclude<Panel, null>;
  subscription: AccountSubscription;
  onDone(next: AccountSubscription, notice: string): void;
  onClose(): void;
}) {
  const sdk = useMercadoPago(true);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const titleId = useId();
  const reactivating = panel === 'reactivate';
  const title = reactivating ? 'Reactivá tu suscripción' : 'Tu nueva tarjeta';
  // Decision 0225: a reactivation offers the card saved at Mercado Pago (only its security code).
  const stored = reactivating ? (subscription.storedCard ?? null) : null;
  const [useStored, setUseStored] = useState(true);
  // Decision 0283: with her card on file a reactivation is a confirmation; the security code only
  // once Mercado Pago asked for it.
  const [codeAsked, setCodeAsked] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const choiceName = useId();
  const storedLabelId = useId();
  // MercadoPago.js is needed only to type a card or a security code
  const needsForm = !(stored && useStored && !codeAsked);

  async function submit(card: Partial<Pick<CardFormSubmission, 'token'>>) {
    setError(null);
    try {
      const answer = reactivating
        ? await reactivateSubscription(card.token)
        : await changeSubscriptionCard(card.token ?? '');
      if (answer.outcome === 'refused') {
        setError(refusalMessage(answer.reason));
        setAttempt((n) => n + 1);
        return;
      }
      const next = answer.body;
      const notice = reactivating
        ? `Reactivaste tu suscripción. No te cobramos nada hasta el ${formatDate(next.nextChargeDate ?? next.currentPeriodEnd ?? '')}.`
        : subscription.status === 'past_due' && next.status === 'past_due'
          ? 'Guardamos tu nueva tarjeta, pero el cobro fue rechazado. Probá con otra tarjeta.'
          : subscription.status === 'past_due'
            ? 'Listo: cobramos tu suscripción con la nueva tarjeta y está activa otra vez.'
            : 'Listo: tu suscripción ahora se cobra con la nueva tarjeta.';
      onDone(next, notice);
    } catch (failure) {
      if (failure instanceof ApiError && failure.internalCode === 'SECURITY_CODE_REQUIRED')
        setCodeAsked(true);
      setError(failureText(failure));
    }
  }

  async function confirmOnFile() {
    if (confirming) return;
    setConfirming(true);
    await submit({});
    setConfirming(false);
  }

  return (
    <section className="checkout-card subscription-card-panel" aria-labelledby={titleId}>
      <h3 id={titleId} className="checkout-card-title">
        {title}
      </h3>
      {reactivating && (
        <p>
          No te cobramos nada ahora: el próximo cobro es el{' '}
          {subscription.currentPeriodEnd ? formatDate(subscription.currentPeriodEnd) : 'fin de tu período'}.
        </p>
      )}
      {subscription.status === 'past_due' && !reactivating && (
        <p>Cuando la guardes, cobramos en el momento el monto pendiente con esta tarjeta.</p>
      )}
      {error && <Banner tone="danger">{error}</Banner>}
      {needsForm && sdk.status === 'loading' && <Spinner label="Cargando el formulario de tarjeta…" />}
      {needsForm && sdk.status === 'error' && (
        <Banner tone="danger" title="No pudimos cargar el formulario de tarjeta">
          <Button variant="link" onClick={sdk.retry}>
            Reintentar
          </Button>
        </Banner>
      )}
      {stored && (sdk.status === 'ready' || !needsForm) && (
        <fieldset className="stored-card-choice">
          <legend>¿Con qué tarjeta?</legend>
          <label className="stored-card-option">
            <input
              type="radio"
              name={choiceName}
              checked={useStored}
              onChange={() => {
                setUseStored(true);
                setError(null);
              }}
            />
            <span id={storedLabelId}>Usar {storedCardLabel(stored)}</span>
          </label>
          <label className="stored-card-option">
            <input
              type="radio"
              name={choiceName}
              checked={!useStored}
              onChange={() => {
                setUseStored(false);
                setError(null);
              }}
            />
            <span>Usar otra tarjeta</span>
          </label>
        </fieldset>
      )}
      {stored && useStored && !codeAsked && (
        <div className="stored-card-confirm">
          <Button onClick={() => void confirmOnFile()} aria-disabled={confirming ? true : undefined}>
            {confirming ? 'Reactivando…' : 'Reactivar mi suscripción'}
          </Button>
        </div>
      )}
      {sdk.status === 'ready' && stored && useStored && codeAsked && (
        <StoredCardForm
          mp={sdk.mp}
          card={stored}
          submitLabel="Reactivar mi suscripción"
          describedBy={storedLabelId}
          attempt={attempt}
          onSubmit={(token) => submit({ token })}
        />
      )}
      {sdk.status === 'ready' && !(stored && useStored) && (
        <CardForm
          mp={sdk.mp}
          documentTypes={sdk.documentTypes}
          submitLabel={
            reactivating
              ? 'Reactivar mi suscripción'
              : subscription.status === 'past_due'
                ? 'Guardar tarjeta y pagar'
                : 'Guardar tarjeta'
          }
          onSubmit={submit}
          attempt={attempt}
        />
      )}
      <Button variant="link" className="subscription-panel-close" onClick={onClose}>
        Volver sin cambiar nada
      </Button>
    </section>
  );
}

export function CancelDialog({
  open,
  subscription,
  onClose,
  onCancelled,
}: {
  open: boolean;
  subscription: AccountSubscription;
  onClose(): void;
  onCancelled(next: AccountSubscription): void;
}) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const textId = useId();

  async function confirm() {
    setBusy(true);
    setError(null);
    try {
      onCancelled(await cancelAccountSubscription());
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Dialog open={open} onClose={onClose} title="¿Cancelar tu suscripción?" describedBy={textId}>
      <DialogBody>
        <div id={textId}>
          <p>No te vamos a cobrar más.</p>
          {subscription.currentPeriodEnd && (
            <p>
              Seguís teniendo acceso a todo lo de tu plan hasta el {formatDate(subscription.currentPeriodEnd)}
              , y podés reactivarla antes de esa fecha.
            </p>
          )}
        </div>
        {error && <Banner tone="danger">{error}</Banner>}
        <DialogActions>
          <Button onClick={confirm} aria-disabled={busy ? true : undefined}>
            {busy ? 'Cancelando…' : 'Sí, cancelar mi suscripción'}
          </Button>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            Volver
          </Button>
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}

/** /mi-cuenta/suscripcion: plan, state, next charge, card; change card, change plan, cancel, reactivate. */
export default function AccountSubscriptionSection() {
  usePageTitle('Mi suscripción');
  const queryClient = useQueryClient();
  const query = useAccountSubscription();
  const [panel, setPanel] = useState<Panel>(null);
  const [confirming, setConfirming] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  async function changed(next: AccountSubscription, text: string) {
    setPanel(null);
    setConfirming(false);
    setNotice(text);
    await afterSubscriptionChange(queryClient, next);
  }

  let content: ReactNode;
  if (query.isPending) {
    content = <Spinner label="Cargando tu suscripción…" />;
  } else if (query.isError) {
    content = (
      <Banner tone="danger" title="No pudimos cargar tu suscripción">
        <Button variant="link" onClick={() => void query.refetch()}>
          Reintentar
        </Button>
      </Banner>
    );
  } else if (query.data.status === 'none') {
    content = (
      <>
        <p>No tenés una suscripción activa.</p>
        <p>
          <ButtonLink to={plansPath}>Ver planes</ButtonLink>
        </p>
      </>
    );
  } else {
    const subscription = query.data;
    const actions = actionsFor(subscription);
    content = (
      <>
        {subscription.status === 'past_due' && (
          <Banner tone="danger" title="No pudimos cobrar tu suscripción">
            <p>
              Tu tarjeta rechazó el cobro.{' '}
              {subscription.graceUntil
                ? `Cambiala antes del ${formatDate(subscription.graceUntil)} para no perder tu acceso.`
                : 'Cambiala para no perder tu acceso.'}
            </p>
          </Banner>
        )}
        <Facts subscription={subscription} />
        {subscription.origin !== 'CARD' && subscription.status !== 'expired' && (
          <p className="subscription-note">
            Esta suscripción no se cobra con tarjeta: termina sola en la fecha indicada.
          </p>
        )}
        {panel === null && (
          <div className="subscription-actions">
            {actions.changeCard && <Button onClick={() => setPanel('card')}>Cambiar tarjeta</Button>}
            {actions.reactivate && <Button onClick={() => setPanel('reactivate')}>Reactivar</Button>}
            {actions.changePlan && (
              <ButtonLink
                variant="secondary"
                to={subscription.frequency ? `${plansPath}?frecuencia=${subscription.frequency}` : plansPath}
              >
                Cambiar de plan
              </ButtonLink>
            )}
            {actions.subscribe && <ButtonLink to={plansPath}>Ver planes</ButtonLink>}
            {actions.cancel && (
              <Button variant="secondary" onClick={() => setConfirming(true)}>
                Cancelar suscripción
              </Button>
            )}
          </div>
        )}
        {panel !== null && (
          <CardPanel
            panel={panel}
            subscription={subscription}
            onDone={(next, text) => void changed(next, text)}
            onClose={() => setPanel(null)}
          />
        )}
        <CancelDialog
          open={confirming}
          subscription={subscription}
          onClose={() => setConfirming(false)}
          onCancelled={(next) =>
            void changed(
              next,
              `Cancelaste tu suscripción. Tu código de baja es ${next.cancellationCode ?? ''}; te lo enviamos por correo.`,
            )
          }
        />
      </>
    );
  }

  return (
    <section className="account-subscription" aria-labelledby="account-subscription-title">
      <h2 id="account-subscription-title">Suscripción</h2>
      {notice && <Banner tone="success">{notice}</Banner>}
      {content}
    </section>
  );
}

import type { AccountAgreement, AccountGrant, AccountPayment, AccountSubscription } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { WithdrawDialog } from '../../shared/purchases/withdraw-dialog';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/feedback';
import { useAccountAccess } from './account-access-api';
import {
  agreementStatusBadge,
  agreementTitle,
  endedReasonLabel,
  grantStateBadge,
  grantTitle,
  originLabels,
  shortDate,
} from './account-access-rules';
import { afterSubscriptionChange, useAccountSubscription } from './account-subscription-api';
import { cardLabel, nextChargeText } from './account-subscription-rules';
import { CancelDialog, CardPanel } from './account-subscription-section';
import './account-subscription.css';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function AgreementCard({
  agreement,
  onCancel,
  onChangeCard,
  onWithdraw,
}: {
  agreement: AccountAgreement;
  onCancel(): void;
  onChangeCard(): void;
  onWithdraw(payment: AccountPayment): void;
}) {
  const badge = agreementStatusBadge(agreement);
  const withdrawable = agreement.withdrawablePayment;
  const hasActions = agreement.actions.cancel || agreement.actions.changeCard || withdrawable;
  return (
    <Card
      as="li"
      titleLevel={4}
      title={agreementTitle(agreement)}
      className="access-item"
      footer={
        hasActions ? (
          <div className="subscription-actions">
            {agreement.actions.changeCard && (
              <Button variant="secondary" onClick={onChangeCard}>
                Cambiar tarjeta
              </Button>
            )}
            {withdrawable && (
              <Button variant="secondary" onClick={() => onWithdraw(withdrawable)}>
                Arrepentirme de esta compra
              </Button>
            )}
            {agreement.actions.cancel && (
              <Button variant="secondary" onClick={onCancel}>
                Cancelar suscripción
              </Button>
            )}
          </div>
        ) : undefined
      }
    >
      <p>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </p>
      <dl className="subscription-facts">
        <Fact term="Monto por período">{formatMoney(agreement.amount)}</Fact>
        {agreement.nextChargeDate && (
          <Fact term="Próximo cobro">
            {nextChargeText(agreement.nextChargeDate, agreement.nextChargeAmount, shortDate)}
          </Fact>
        )}
        {agreement.paidUntil && <Fact term="Pagado hasta">{shortDate(agreement.paidUntil)}</Fact>}
        {agreement.card && <Fact term="Tarjeta">{cardLabel(agreement.card)}</Fact>}
        {agreement.cancellationCode && <Fact term="Código de baja">{agreement.cancellationCode}</Fact>}
        {withdrawable?.withdrawableUntil && (
          <Fact term="Podés arrepentirte hasta">{shortDate(withdrawable.withdrawableUntil)}</Fact>
        )}
      </dl>
    </Card>
  );
}

function GrantCard({ grant }: { grant: AccountGrant }) {
  const badge = grantStateBadge(grant);
  const reason = endedReasonLabel(grant.endedReason);
  return (
    <Card as="li" titleLevel={4} title={grantTitle(grant)} className="access-item">
      <p>
        <Badge tone={badge.tone}>{badge.label}</Badge>
      </p>
      <dl className="subscription-facts">
        <Fact term="Desde">{shortDate(grant.from)}</Fact>
        <Fact term="Hasta">{grant.until ? shortDate(grant.until) : 'Sin vencimiento'}</Fact>
        <Fact term="Origen">{originLabels[grant.origin]}</Fact>
        {reason && <Fact term="Terminó porque">{reason}</Fact>}
      </dl>
    </Card>
  );
}

/**
 * /mi-cuenta/accesos: every card agreement that charges her, each with its own actions (change
 * card, withdraw, cancel), and every grant she has with its dates and origin (decision 0093).
 * Cancel and change card act on the agreement /users/me/subscription manages.
 */
export default function AccountAccessSection() {
  usePageTitle('Cobros y accesos');
  const queryClient = useQueryClient();
  const access = useAccountAccess();
  const managedAgreement = access.data?.agreements.some((a) => a.actions.cancel || a.actions.changeCard);
  const subscription = useAccountSubscription(Boolean(managedAgreement));
  const [cardPanelFor, setCardPanelFor] = useState<string | null>(null);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [withdrawing, setWithdrawing] = useState<AccountPayment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  async function changed(next: AccountSubscription, text: string) {
    setCardPanelFor(null);
    setConfirmingCancel(false);
    setNotice(text);
    await afterSubscriptionChange(queryClient, next);
  }

  let content: ReactNode;
  if (access.isPending) {
    content = <Spinner label="Cargando tus cobros y accesos…" />;
  } else if (access.isError) {
    content = (
      <Banner tone="danger" title="No pudimos cargar tus cobros y accesos">
        <Button variant="link" onClick={() => void access.refetch()}>
          Reintentar
        </Button>
      </Banner>
    );
  } else {
    const { agreements, grants } = access.data;
    const managed = subscription.data;
    content = (
      <>
        <section className="access-group" aria-labelledby="access-agreements-title">
          <h3 id="access-agreements-title">Suscripciones con tarjeta</h3>
          {agreements.length === 0 ? (
            <p className="subscription-note">No tenés suscripciones que se cobren con tarjeta.</p>
          ) : (
            <ul className="access-list">
              {agreements.map((agreement) => (
                <AgreementCard
                  key={agreement.id}
                  agreement={agreement}
                  onCancel={() => setConfirmingCancel(true)}
                  onChangeCard={() => setCardPanelFor(agreement.id)}
                  onWithdraw={setWithdrawing}
                />
              ))}
            </ul>
          )}
          {cardPanelFor && managed && (
            <CardPanel
              panel="card"
              subscription={managed}
              onDone={(next, text) => void changed(next, text)}
              onClose={() => setCardPanelFor(null)}
            />
          )}
        </section>
        <section className="access-group" aria-labelledby="access-grants-title">
          <h3 id="access-grants-title">Tus accesos</h3>
          {grants.length === 0 ? (
            <p className="subscription-note">Todavía no tenés accesos.</p>
          ) : (
            <ul className="access-list">
              {grants.map((grant) => (
                <GrantCard key={grant.id} grant={grant} />
              ))}
            </ul>
          )}
        </section>
        {managed && (
          <CancelDialog
            open={confirmingCancel}
            subscription={managed}
            onClose={() => setConfirmingCancel(false)}
            onCancelled={(next) =>
              void changed(
                next,
                `Cancelaste tu suscripción. Tu código de baja es ${next.cancellationCode ?? ''}; te lo enviamos por correo.`,
              )
            }
          />
        )}
        <WithdrawDialog payment={withdrawing} onClose={() => setWithdrawing(null)} />
      </>
    );
  }

  return (
    <section className="account-subscription" aria-labelledby="account-access-title">
      <h2 id="account-access-title">Cobros y accesos</h2>
      <p className="subscription-note">
        Cada suscripción que se cobra con tu tarjeta, con lo que podés hacer con ella, y cada acceso que
        tenés, con su origen.
      </p>
      {notice && <Banner tone="success">{notice}</Banner>}
      {content}
    </section>
  );
}

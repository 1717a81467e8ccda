import type { AccountPayment } from '@alcancia/contract';
import { useState } from 'react';
import { formatDate, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { useAccountPayments } from '../../shared/purchases/account-payments-api';
import { withdrawalWindow } from '../../shared/purchases/payment-labels';
import { WithdrawDialog } from '../../shared/purchases/withdraw-dialog';
import { Spinner } from '../../ui/feedback';
import { GuestWithdrawalForm } from './guest-withdrawal-form';
import '../../shared/purchases/account-payments.css';
import '../../shared/purchases/withdrawals.css';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';

/** The purchases she could withdraw (or could have): purchases and first subscription charges. */
const withdrawalCandidates = (payments: AccountPayment[]) =>
  payments.filter((p) => p.withdrawableUntil !== null || p.revocationCode !== null);

function CandidateItem({ payment, onWithdraw }: { payment: AccountPayment; onWithdraw(): void }) {
  const windowState = withdrawalWindow(payment);
  return (
    <li className="payment-card">
      <h3 className="payment-concept">{payment.concept}</h3>
      <p className="payment-note">
        {formatMoney(payment.amount)} · pagado el {formatDate(payment.date)} · operación{' '}
        {payment.providerPaymentId}
      </p>
      <div className="payment-actions">
        {payment.revocationCode && (
          <p className="payment-note">
            Ya te arrepentiste de esta compra. Código: <strong>{payment.revocationCode}</strong>
          </p>
        )}
        {windowState === 'open' && (
          <>
            <p className="payment-note">
              Podés arrepentirte hasta el {formatDate(payment.withdrawableUntil as string)}.
            </p>
            <Button onClick={onWithdraw}>Arrepentirme de esta compra</Button>
          </>
        )}
        {windowState === 'closed' && (
          <p className="payment-note">
            El plazo de 10 días para arrepentirte venció el {formatDate(payment.withdrawableUntil as string)}.
          </p>
        )}
      </div>
    </li>
  );
}

/** Logged in: she picks the purchase among hers. */
function AccountWithdrawal({ onUseOperation }: { onUseOperation(): void }) {
  const payments = useAccountPayments();
  const [withdrawing, setWithdrawing] = useState<AccountPayment | null>(null);
  const candidates = payments.data ? withdrawalCandidates(payments.data) : [];

  return (
    <section className="withdrawal-card" aria-labelledby="account-withdrawal-title">
      <h2 id="account-withdrawal-title">Tus compras</h2>
      {payments.isPending && <Spinner label="Cargando tus compras…" />}
      {payments.isError && (
        <Banner tone="danger">
          No pudimos cargar tus compras.{' '}
          <Button variant="link" onClick={() => void payments.refetch()}>
            Intentar de nuevo
          </Button>
        </Banner>
      )}
      {payments.data && candidates.length === 0 && (
        <p>No tenés compras de las que puedas arrepentirte con esta cuenta.</p>
      )}
      {candidates.length > 0 && (
        <ul className="payment-list">
          {candidates.map((payment) => (
            <CandidateItem key={payment.id} payment={payment} onWithdraw={() => setWithdrawing(payment)} />
          ))}
        </ul>
      )}
      <p>
        ¿Compraste con otro correo o sin cuenta?{' '}
        <Button variant="link" onClick={onUseOperation}>
          Usar el número de operación
        </Button>
      </p>
      <WithdrawDialog payment={withdrawing} onClose={() => setWithdrawing(null)} />
    </section>
  );
}

/** /arrepentimiento: the "botón de arrepentimiento" (Resolución 424/2020), for members and guests. */
export default function WithdrawalPage() {
  usePageTitle('Botón de arrepentimiento');
  const loggedIn = useIsLoggedIn();
  const [byOperation, setByOperation] = useState(false);

  return (
    <article className="withdrawal-page" aria-labelledby="withdrawal-title">
      <h1 id="withdrawal-title">Botón de arrepentimiento</h1>
      <p>
        Si compraste por internet, podés arrepentirte dentro de los <strong>10 días corridos</strong> desde la
        compra o desde el primer cobro de una suscripción, sin explicar por qué (Resolución 424/2020 de la
        Secretaría de Comercio Interior).
      </p>
      <ul className="withdrawal-rules">
        <li>Te devolvemos el pago completo, al mismo medio con el que pagaste.</li>
        <li>El acceso que te dio la compra termina; una suscripción se da de baja y no se cobra más.</li>
        <li>Te enviamos por correo un código de arrepentimiento que identifica tu pedido.</li>
        <li>Las renovaciones de una suscripción no se pueden revocar: para eso está la baja.</li>
      </ul>
      {loggedIn && !byOperation ? (
        <AccountWithdrawal onUseOperation={() => setByOperation(true)} />
      ) : (
        <>
          <GuestWithdrawalForm />
          {loggedIn && (
            <p>
              <Button variant="link" onClick={() => setByOperation(false)}>
                Elegir entre las compras de mi cuenta
              </Button>
            </p>
          )}
        </>
      )}
    </article>
  );
}

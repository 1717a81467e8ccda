import type { AccountPayment } from '@alcancia/contract';
import { formatRate } from '@alcancia/contract/prices';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../lib/format';
import { usePageTitle } from '../../lib/use-page-title';
import { downloadReceipt, useAccountPayments } from '../../shared/purchases/account-payments-api';
import {
  paidInstallmentsLabel,
  paymentStatusLabels,
  withdrawalWindow,
} from '../../shared/purchases/payment-labels';
import { WithdrawDialog } from '../../shared/purchases/withdraw-dialog';
import { Spinner } from '../../ui/feedback';
import { FiscalDocumentButtons } from './fiscal-document-buttons';
import '../../shared/purchases/account-payments.css';
import { programsPath, withdrawalPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { FieldError } from '../../ui/field-parts';

/** "Descargar comprobante": fetched with her session, saved as a file; a failure says so next to it. */
function ReceiptButton({ payment }: { payment: AccountPayment }) {
  const [state, setState] = useState<'idle' | 'loading' | 'error'>('idle');
  async function download() {
    setState('loading');
    try {
      await downloadReceipt(payment);
      setState('idle');
    } catch {
      setState('error');
    }
  }
  return (
    <>
      <Button
        variant="secondary"
        onClick={download}
        disabled={state === 'loading'}
        aria-label={`Descargar comprobante de ${payment.concept} (operación ${payment.providerPaymentId})`}
      >
        {state === 'loading' ? 'Descargando…' : 'Descargar comprobante'}
      </Button>
      {state === 'error' && (
        <FieldError role="alert">No pudimos descargar el comprobante. Probá de nuevo.</FieldError>
      )}
    </>
  );
}

function WithdrawalNote({ payment, onWithdraw }: { payment: AccountPayment; onWithdraw(): void }) {
  if (payment.revocationCode) {
    return (
      <p className="payment-note">
        Te arrepentiste de esta compra. Código: <strong>{payment.revocationCode}</strong>
      </p>
    );
  }
  const windowState = withdrawalWindow(payment);
  if (windowState === 'open') {
    return (
      <>
        <p className="payment-note">
          Podés arrepentirte hasta el {formatDate(payment.withdrawableUntil as string)}.
        </p>
        <Button variant="secondary" onClick={onWithdraw}>
          Arrepentirme de esta compra
        </Button>
      </>
    );
  }
  if (windowState === 'closed') {
    return (
      <p className="payment-note">
        El plazo para arrepentirte venció el {formatDate(payment.withdrawableUntil as string)}.
      </p>
    );
  }
  return null;
}

function PaymentItem({ payment, onWithdraw }: { payment: AccountPayment; onWithdraw(): void }) {
  const financed = payment.totalPaid > payment.amount;
  return (
    <li className="payment-card">
      <h3 className="payment-concept">{payment.concept}</h3>
      <dl className="payment-facts">
        <div>
          <dt>Fecha</dt>
          <dd>{formatDate(payment.date)}</dd>
        </div>
        <div>
          <dt>{financed ? 'Total financiado' : 'Importe'}</dt>
          <dd>{formatMoney(payment.totalPaid)}</dd>
        </div>
        {financed && (
          <div>
            <dt>Precio de contado</dt>
            <dd>
              {formatMoney(payment.amount)} (costo de financiación{' '}
              {formatMoney(payment.totalPaid - payment.amount)})
            </dd>
          </div>
        )}
        {financed && payment.tna !== null && payment.cftea !== null && (
          <div>
            <dt>Tasas de la financiación</dt>
            <dd>
              <abbr title="Tasa nominal anual">TNA</abbr> {formatRate(payment.tna)} ·{' '}
              <strong>
                <abbr title="Costo financiero total efectivo anual">CFTEA</abbr> {formatRate(payment.cftea)}
              </strong>
            </dd>
          </div>
        )}
        <div>
          <dt>Estado</dt>
          <dd>
            <span className={`payment-status payment-status-${payment.status}`}>
              {paymentStatusLabels[payment.status]}
            </span>
            {payment.returnedAmount > 0 && payment.status !== 'refunded' && (
              <> ({formatMoney(payment.returnedAmount)} devueltos)</>
            )}
          </dd>
        </div>
        <div>
          <dt>Cuotas</dt>
          <dd>{paidInstallmentsLabel(payment, formatMoney)}</dd>
        </div>
        <div>
          <dt>Operación</dt>
          <dd>{payment.providerPaymentId}</dd>
        </div>
      </dl>
      <div className="payment-actions">
        {payment.receiptUrl && <ReceiptButton payment={payment} />}
        <FiscalDocumentButtons payment={payment} />
        <WithdrawalNote payment={payment} onWithdraw={onWithdraw} />
      </div>
    </li>
  );
}

/** /mi-cuenta/pagos: every payment of hers, with receipts and withdrawals. */
export default function AccountPaymentsSection() {
  usePageTitle('Compras y pagos');
  const payments = useAccountPayments();
  const [withdrawing, setWithdrawing] = useState<AccountPayment | null>(null);

  return (
    <section className="account-payments" aria-labelledby="account-payments-title">
      <h2 id="account-payments-title">Compras y pagos</h2>
      {payments.isPending && <Spinner label="Cargando tus pagos…" />}
      {payments.isError && (
        <Banner tone="danger">
          No pudimos cargar tus pagos.{' '}
          <Button variant="link" onClick={() => void payments.refetch()}>
            Intentar de nuevo
          </Button>
        </Banner>
      )}
      {payments.data && payments.data.length === 0 && (
        <p>
          Todavía no tenés pagos. Cuando compres un plan o un programa, vas a ver acá cada pago y su
          comprobante. <Link to={programsPath}>Ver programas</Link>
        </p>
      )}
      {payments.data && payments.data.length > 0 && (
        <ul className="payment-list">
          {payments.data.map((payment) => (
            <PaymentItem key={payment.id} payment={payment} onWithdraw={() => setWithdrawing(payment)} />
          ))}
        </ul>
      )}
      <p className="payment-help">
        Tenés 10 días corridos desde una compra o el primer pago de una suscripción para arrepentirte
        (Resolución 424/2020). <Link to={withdrawalPath}>Más sobre el botón de arrepentimiento</Link>
      </p>
      <WithdrawDialog payment={withdrawing} onClose={() => setWithdrawing(null)} />
    </section>
  );
}

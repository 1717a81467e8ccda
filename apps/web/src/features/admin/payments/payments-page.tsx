import type { AdminPayment, AdminRefund } from '@alcancia/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Spinner } from '../../../ui/feedback';
import { TextField } from '../../../ui/text-field';
import { adminErrorText } from '../admin-api';
import { formatDateTime, formatPesos } from '../admin-format';
import { PaymentAmount, PaymentStatus, RefundStatus } from './payment-status';
import { attentionKey, retryRefund, syncOrder, usePaymentSearch, usePaymentsAttention } from './payments-api';
import { RefundDialog } from './refund-dialog';

/**
 * /admin/pagos: a payment by its operation number (or order, or e-mail) with "Devolver"; the
 * refunds given up (retry) or still retrying, and the orders the provider never answered about
 * (ask again).
 */
export default function PaymentsPage() {
  usePageTitle('Pagos y devoluciones');
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState('');
  const [search, setSearch] = useState('');
  const found = usePaymentSearch(search);
  const attention = usePaymentsAttention();
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] });
  async function act(id: string, action: () => Promise<string>) {
    setBusy(id);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: await action() });
      await refresh();
    } catch (failure) {
      setNotice({ tone: 'error', text: adminErrorText(failure) });
    } finally {
      setBusy(null);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setSearch(draft.trim());
  }

  return (
    <section className="admin-stack">
      <h1>Pagos y devoluciones</h1>
      <form className="admin-inline-form" onSubmit={submit}>
        <TextField
          label="Número de operación, orden o correo"
          name="payment-search"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button-primary" disabled={draft.trim().length < 3}>
          Buscar
        </button>
      </form>
      <div aria-live="polite">{notice && <Alert tone={notice.tone}>{notice.text}</Alert>}</div>
      {found.isFetching && <Spinner label="Buscando…" />}
      {found.isError && <Alert tone="error">{adminErrorText(found.error)}</Alert>}
      {found.data && (
        <div className="admin-panel">
          <h2>Resultado</h2>
          {found.data.payments.length === 0 ? (
            <p>No encontramos pagos con «{search}».</p>
          ) : (
            <table className="admin-table">
              <caption className="visually-hidden">Pagos encontrados</caption>
              <thead>
                <tr>
                  <th scope="col">Fecha</th>
                  <th scope="col">Quién</th>
                  <th scope="col">Concepto</th>
                  <th scope="col" className="admin-number">
                    Importe
                  </th>
                  <th scope="col">Estado</th>
                  <th scope="col">Operación</th>
                  <th scope="col">
                    <span className="visually-hidden">Acciones</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {found.data.payments.map((payment) => (
                  <tr key={payment.id}>
                    <td>{formatDateTime(payment.approvedAt ?? payment.createdAt)}</td>
                    <td>
                      {payment.memberId ? (
                        <Link to={`/admin/miembros/${payment.memberId}`}>{payment.payerEmail}</Link>
                      ) : (
                        payment.payerEmail
                      )}
                    </td>
                    <td>{payment.concept}</td>
                    <PaymentAmount payment={payment} />
                    <td>
                      <PaymentStatus payment={payment} />
                    </td>
                    <td>
                      <code>{payment.providerPaymentId}</code>
                    </td>
                    <td>
                      {payment.refundableAmount > 0 && (
                        <button
                          type="button"
                          className="button button-secondary admin-small-button"
                          onClick={() => setRefunding(payment)}
                          aria-label={`Devolver el pago ${payment.providerPaymentId}`}
                        >
                          Devolver
                        </button>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </div>
      )}

      {attention.isPending && <Spinner />}
      {attention.isError && <Alert tone="error">{adminErrorText(attention.error)}</Alert>}
      {attention.data && (
        <>
          <RefundTable
            title="Devoluciones fallidas"
            empty="No hay devoluciones fallidas."
            refunds={attention.data.failedRefunds}
            busy={busy}
            onRetry={(refund) =>
              act(refund.id, async () => {
                const { refund: after } = await retryRefund(refund.id);
                return after.status === 'SUCCESS'
                  ? `La devolución de ${formatPesos(after.amount)} se hizo.`
                  : 'El proveedor volvió a rechazarla. Si sigue así, hacela desde el panel del proveedor.';
              })
            }
          />
          <RefundTable
            title="Devoluciones que se están reintentando"
            empty="No hay devoluciones en espera."
            refunds={attention.data.pendingRefunds}
            busy={busy}
            onRetry={(refund) =>
              act(refund.id, async () => {
                const { refund: after } = await retryRefund(refund.id);
                return after.status === 'SUCCESS'
                  ? `La devolución de ${formatPesos(after.amount)} se hizo.`
                  : 'Sigue sin aceptarse: se reintenta sola más tarde.';
              })
            }
          />
          <div className="admin-panel">
            <h2>Pagos que esperan al proveedor</h2>
            {attention.data.awaitingOrders.length === 0 ? (
              <p className="admin-muted">No hay órdenes esperando respuesta.</p>
            ) : (
              <table className="admin-table">
                <caption className="visually-hidden">Órdenes sin respuesta del proveedor</caption>
                <thead>
                  <tr>
                    <th scope="col">Creada</th>
                    <th scope="col">Quién</th>
                    <th scope="col">Concepto</th>
                    <th scope="col" className="admin-number">
                      Importe
                    </th>
                    <th scope="col">Estado</th>
                    <th scope="col">
                      <span className="visually-hidden">Acciones</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {attention.data.awaitingOrders.map((order) => (
                    <tr key={order.orderId}>
                      <td>{formatDateTime(order.createdAt)}</td>
                      <td>{order.payerEmail}</td>
                      <td>{order.concept}</td>
                      <td className="admin-number">{formatPesos(order.amount)}</td>
                      <td>{order.status}</td>
                      <td>
                        <button
                          type="button"
                          className="button button-secondary admin-small-button"
                          disabled={busy === order.orderId}
                          onClick={() =>
                            act(order.orderId, async () => (await syncOrder(order.orderId)).message)
                          }
                        >
                          Consultar al proveedor
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        </>
      )}
      <RefundDialog
        payment={refunding}
        onClose={() => setRefunding(null)}
        onDone={(_result, message) => {
          setNotice({ tone: 'success', text: message });
          void queryClient.invalidateQueries({ queryKey: attentionKey });
          void refresh();
        }}
      />
    </section>
  );
}

function RefundTable({
  title,
  empty,
  refunds,
  busy,
  onRetry,
}: {
  title: string;
  empty: string;
  refunds: AdminRefund[];
  busy: string | null;
  onRetry(refund: AdminRefund): void;
}) {
  return (
    <div className="admin-panel">
      <h2>{title}</h2>
      {refunds.length === 0 ? (
        <p className="admin-muted">{empty}</p>
      ) : (
        <table className="admin-table">
          <caption className="visually-hidden">{title}</caption>
          <thead>
            <tr>
              <th scope="col">Pedida</th>
              <th scope="col">Quién</th>
              <th scope="col" className="admin-number">
                Importe
              </th>
              <th scope="col">Estado</th>
              <th scope="col">Motivo</th>
              <th scope="col">Último error</th>
              <th scope="col">
                <span className="visually-hidden">Acciones</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {refunds.map((refund) => (
              <tr key={refund.id}>
                <td>{formatDateTime(refund.createdAt)}</td>
                <td>
                  {refund.payerEmail ?? '—'}
                  <br />
                  <span className="admin-muted">operación {refund.providerPaymentId}</span>
                </td>
                <td className="admin-number">{formatPesos(refund.amount)}</td>
                <td>
                  <RefundStatus refund={refund} /> ({refund.attempts} intentos)
                </td>
                <td>{refund.reason}</td>
                <td>{refund.error ?? '—'}</td>
                <td>
                  <button
                    type="button"
                    className="button button-secondary admin-small-button"
                    disabled={busy === refund.id}
                    onClick={() => onRetry(refund)}
                  >
                    Reintentar
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}

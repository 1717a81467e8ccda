import type { AdminPayment, AdminRefund } from '@alcancia/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/feedback';
import { adminErrorText } from '../admin-api';
import { formatDateTime, formatPesos } from '../admin-format';
import { AdminTable, TablePanel } from '../admin-table';
import { SearchForm } from '../search-form';
import { PaymentAmount, PaymentStatus, RefundButton, RefundStatus, refundReasonText } from './payment-status';
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
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin', 'payments'] });
  async function act(id: string, action: () => Promise<string>) {
    setBusy(id);
    setNotice(null);
    try {
      setNotice({ tone: 'success', text: await action() });
      await refresh();
    } catch (failure) {
      setNotice({ tone: 'danger', text: adminErrorText(failure) });
    } finally {
      setBusy(null);
    }
  }

  /** Retries a refund; `refused` is what to say when the provider refuses it again. */
  const retry = (refund: AdminRefund, refused: string) =>
    act(refund.id, async () => {
      const { refund: after } = await retryRefund(refund.id);
      return after.status === 'SUCCESS' ? `La devolución de ${formatPesos(after.amount)} se hizo.` : refused;
    });

  return (
    <section className="admin-stack">
      <h1>Pagos y devoluciones</h1>
      <SearchForm
        label="Número de operación, orden o correo"
        name="payment-search"
        value={draft}
        onChange={setDraft}
        onSearch={setSearch}
        minLength={3}
      />
      <div aria-live="polite">{notice && <Banner tone={notice.tone}>{notice.text}</Banner>}</div>
      {found.isFetching && <Spinner label="Buscando…" />}
      {found.isError && <Banner tone="danger">{adminErrorText(found.error)}</Banner>}
      {found.data && (
        <div className="admin-panel">
          <h2>Resultado</h2>
          {found.data.payments.length === 0 ? (
            <p>No encontramos pagos con «{search}».</p>
          ) : (
            <AdminTable
              caption="Pagos encontrados"
              columns={[
                'Fecha',
                'Quién',
                'Concepto',
                { label: 'Importe', number: true },
                'Estado',
                'Operación',
                '',
              ]}
            >
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
                    <RefundButton payment={payment} onRefund={setRefunding} />
                  </td>
                </tr>
              ))}
            </AdminTable>
          )}
        </div>
      )}

      {attention.isPending && <Spinner />}
      {attention.isError && <Banner tone="danger">{adminErrorText(attention.error)}</Banner>}
      {attention.data && (
        <>
          <RefundTable
            title="Devoluciones fallidas"
            empty="No hay devoluciones fallidas."
            refunds={attention.data.failedRefunds}
            busy={busy}
            onRetry={(refund) =>
              retry(
                refund,
                'El proveedor volvió a rechazarla. Si sigue así, hacela desde el panel del proveedor.',
              )
            }
          />
          <RefundTable
            title="Devoluciones que se están reintentando"
            empty="No hay devoluciones en espera."
            refunds={attention.data.pendingRefunds}
            busy={busy}
            onRetry={(refund) => retry(refund, 'Sigue sin aceptarse: se reintenta sola más tarde.')}
          />
          <TablePanel
            title="Pagos que esperan al proveedor"
            caption="Órdenes sin respuesta del proveedor"
            columns={['Creada', 'Quién', 'Concepto', { label: 'Importe', number: true }, 'Estado', '']}
            empty="No hay órdenes esperando respuesta."
          >
            {attention.data.awaitingOrders.map((order) => (
              <tr key={order.orderId}>
                <td>{formatDateTime(order.createdAt)}</td>
                <td>{order.payerEmail}</td>
                <td>{order.concept}</td>
                <td className="admin-number">{formatPesos(order.amount)}</td>
                <td>{order.status}</td>
                <td>
                  <Button
                    variant="secondary"
                    size="compact"
                    disabled={busy === order.orderId}
                    onClick={() => act(order.orderId, async () => (await syncOrder(order.orderId)).message)}
                  >
                    Consultar al proveedor
                  </Button>
                </td>
              </tr>
            ))}
          </TablePanel>
          <TablePanel
            title="Pagos retenidos por un importe distinto"
            caption="Pagos aprobados cuyo importe no es el de su orden: no dieron acceso"
            columns={[
              'Aprobado',
              'Quién',
              'Concepto',
              { label: 'Pagó', number: true },
              { label: 'Importe de la orden', number: true },
              'Operación',
              '',
            ]}
            empty="No hay pagos retenidos."
          >
            {attention.data.heldPayments.map((payment) => (
              <tr key={payment.id}>
                <td>{formatDateTime(payment.approvedAt ?? payment.heldAt)}</td>
                <td>{payment.payerEmail}</td>
                <td>{payment.concept}</td>
                <td className="admin-number">{formatPesos(payment.amount)}</td>
                <td className="admin-number">{formatPesos(payment.orderAmount)}</td>
                <td>
                  <code>{payment.providerPaymentId}</code>
                </td>
                <td>
                  <RefundButton payment={payment} onRefund={setRefunding} />
                </td>
              </tr>
            ))}
          </TablePanel>
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
    <TablePanel
      title={title}
      columns={[
        'Pedida',
        'Quién',
        { label: 'Importe', number: true },
        'Estado',
        'Motivo',
        'Último error',
        '',
      ]}
      empty={empty}
    >
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
          <td>{refundReasonText(refund)}</td>
          <td>{refund.error ?? '—'}</td>
          <td>
            <Button
              variant="secondary"
              size="compact"
              disabled={busy === refund.id}
              onClick={() => onRetry(refund)}
            >
              Reintentar
            </Button>
          </td>
        </tr>
      ))}
    </TablePanel>
  );
}

import type { AdminFiscalDocument, FiscalSettings } from '@alcancia/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/feedback';
import { Field } from '../../../ui/field-parts';
import { adminErrorText, can, useOperator } from '../admin-api';
import { formatDay, formatPesos } from '../admin-format';
import { TablePanel } from '../admin-table';
import {
  downloadSalesBook,
  type FiscalStatus,
  fiscalKey,
  retryFiscalDocument,
  useFiscalDocuments,
  useFiscalSettings,
} from './fiscal-api';

const statusLabels: Record<FiscalStatus, string> = {
  ISSUED: 'Autorizado',
  PENDING: 'En proceso',
  FAILED: 'Falló',
};

const ivaLabels: Record<FiscalSettings['ivaCondition'], string> = {
  monotributo: 'Responsable Monotributo',
  responsable_inscripto: 'IVA Responsable Inscripto',
};

const modeLabels: Record<FiscalSettings['mode'], string> = {
  arca: 'ARCA',
  'stand-in': 'Simulador local de ARCA (no válido fiscalmente)',
  disabled: 'Sin configurar: los comprobantes esperan',
};

/** This month in Argentina, "2026-11". */
function thisMonth(): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/Argentina/Buenos_Aires',
    year: 'numeric',
    month: '2-digit',
  }).format(new Date());
}

/** The last two years' months, newest first, as a person says them: "noviembre de 2026". */
const monthName = new Intl.DateTimeFormat('es-AR', { month: 'long', year: 'numeric', timeZone: 'UTC' });
function monthChoices(current: string): { value: string; label: string }[] {
  const [year, month] = current.split('-').map(Number) as [number, number];
  return Array.from({ length: 24 }, (_, back) => {
    const date = new Date(Date.UTC(year, month - 1 - back, 1));
    const value = `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    return { value, label: monthName.format(date) };
  });
}

const padded = (value: number, length: number) => String(value).padStart(length, '0');
const numberOf = (doc: AdminFiscalDocument) =>
  doc.pointOfSale && doc.number ? `${padded(doc.pointOfSale, 5)}-${padded(doc.number, 8)}` : '—';

function Settings({ settings }: { settings: FiscalSettings }) {
  return (
    <div className="admin-panel">
      <h2>Datos del emisor</h2>
      <p className="admin-muted">Vienen de la configuración del servidor; se cambian allí.</p>
      <dl className="admin-dl">
        <dt>CUIT</dt>
        <dd>{settings.cuit}</dd>
        <dt>Punto de venta</dt>
        <dd>{padded(settings.pointOfSale, 5)}</dd>
        <dt>Condición frente al IVA</dt>
        <dd>{ivaLabels[settings.ivaCondition]}</dd>
        <dt>Comprobantes</dt>
        <dd>
          {settings.invoiceLabel} y {settings.creditNoteLabel}
        </dd>
        <dt>Servicio</dt>
        <dd>
          {modeLabels[settings.mode]}
          {settings.mode === 'arca' &&
            (settings.environment === 'produccion' ? ' (producción)' : ' (homologación)')}
        </dd>
      </dl>
    </div>
  );
}

/**
 * /admin/facturacion (issue 28): the month's invoices and credit notes with their state, the
 * retry of one ARCA did not authorize (admin), the sales book as CSV and the issuer's settings.
 */
export default function FiscalPage() {
  usePageTitle('Facturación electrónica');
  const queryClient = useQueryClient();
  const operator = useOperator();
  const [month, setMonth] = useState(thisMonth);
  const [status, setStatus] = useState<FiscalStatus | ''>('');
  const documents = useFiscalDocuments(month, status);
  const settings = useFiscalSettings();
  const [notice, setNotice] = useState<{ tone: 'success' | 'danger'; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const monthId = useId();
  const statusId = useId();
  const mayRetry = operator.data ? can(operator.data, 'fiscal') : false;

  async function retry(doc: AdminFiscalDocument) {
    setBusy(doc.id);
    setNotice(null);
    try {
      const { status: after } = await retryFiscalDocument(doc.id);
      setNotice(
        after === 'ISSUED'
          ? { tone: 'success', text: 'ARCA autorizó el comprobante.' }
          : { tone: 'danger', text: 'ARCA todavía no lo autorizó: se va a volver a intentar solo.' },
      );
      await queryClient.invalidateQueries({ queryKey: fiscalKey });
    } catch (failure) {
      setNotice({ tone: 'danger', text: adminErrorText(failure) });
    } finally {
      setBusy(null);
    }
  }

  async function exportBook() {
    setNotice(null);
    try {
      await downloadSalesBook(month);
    } catch (failure) {
      setNotice({ tone: 'danger', text: adminErrorText(failure) });
    }
  }

  const rows = documents.data?.documents ?? [];
  return (
    <section className="admin-stack">
      <h1>Facturación electrónica</h1>
      <div className="admin-filters">
        <Field>
          <label htmlFor={monthId}>Mes</label>
          <select id={monthId} value={month} onChange={(event) => setMonth(event.target.value)}>
            {monthChoices(thisMonth()).map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        </Field>
        <Field>
          <label htmlFor={statusId}>Estado</label>
          <select
            id={statusId}
            value={status}
            onChange={(event) => setStatus(event.target.value as FiscalStatus | '')}
          >
            <option value="">Todos</option>
            <option value="ISSUED">Autorizados</option>
            <option value="PENDING">En proceso</option>
            <option value="FAILED">Fallidos</option>
          </select>
        </Field>
        <Button variant="secondary" onClick={exportBook}>
          Descargar libro de ventas (CSV)
        </Button>
      </div>
      <div aria-live="polite">{notice && <Banner tone={notice.tone}>{notice.text}</Banner>}</div>
      {documents.isPending && <Spinner />}
      {documents.isError && <Banner tone="danger">{adminErrorText(documents.error)}</Banner>}
      {documents.data && (
        <>
          <p>
            {documents.data.counts.ISSUED} autorizados · {documents.data.counts.PENDING} en proceso ·{' '}
            {documents.data.counts.FAILED} fallidos
          </p>
          <TablePanel
            title="Comprobantes del mes"
            empty="No hay comprobantes en este mes."
            columns={[
              'Fecha',
              'Comprobante',
              'Número',
              'CAE',
              'Quién',
              { label: 'Importe', number: true },
              'Estado',
              '',
            ]}
          >
            {rows.map((doc) => (
              <tr key={doc.id}>
                <td>{formatDay(doc.issuedOn ?? doc.createdAt.slice(0, 10))}</td>
                <td>{doc.typeLabel ?? (doc.kind === 'invoice' ? 'Factura' : 'Nota de crédito')}</td>
                <td>
                  <code>{numberOf(doc)}</code>
                </td>
                <td>{doc.cae ? <code>{doc.cae}</code> : '—'}</td>
                <td>
                  {doc.buyerEmail}
                  <br />
                  <span className="admin-muted">{doc.concept}</span>
                </td>
                <td className="admin-number">{formatPesos(doc.amount)}</td>
                <td>
                  {statusLabels[doc.status]}
                  {doc.lastError && doc.status !== 'ISSUED' && (
                    <>
                      <br />
                      <span className="admin-muted">
                        Intento {doc.attempts}: {doc.lastError}
                      </span>
                    </>
                  )}
                </td>
                <td>
                  {mayRetry && doc.status !== 'ISSUED' && (
                    <Button
                      variant="secondary"
                      disabled={busy === doc.id}
                      onClick={() => retry(doc)}
                      aria-label={`Reintentar el comprobante de ${doc.buyerEmail} por ${formatPesos(doc.amount)}`}
                    >
                      {busy === doc.id ? 'Reintentando…' : 'Reintentar'}
                    </Button>
                  )}
                </td>
              </tr>
            ))}
          </TablePanel>
        </>
      )}
      {settings.data && <Settings settings={settings.data} />}
      {settings.isError && <Banner tone="danger">{adminErrorText(settings.error)}</Banner>}
    </section>
  );
}

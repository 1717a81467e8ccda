import type { CreatePromoCodesResponse } from '@alcancia/contract/admin';
import { csvDocument } from '@alcancia/contract/csv';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Button, ButtonLink } from '../../../ui/button';
import { Spinner } from '../../../ui/feedback';
import { adminErrorText } from '../admin-api';
import { formatDateTime, formatWhen } from '../admin-format';
import { AdminTable } from '../admin-table';
import { Pager } from '../pager';
import { SearchForm } from '../search-form';
import { CreatePromoCodesForm } from './create-promo-codes-form';
import { effectOf, statusLabels, usePromoCodes } from './promo-codes-api';

/** The codes of a batch as a CSV file, to hand to a partner (the one CSV writer: decision 0260). */
export function promoCodesCsv(result: CreatePromoCodesResponse): string {
  return csvDocument([['codigo'], ...result.codes.map((code) => [code.code])], ',');
}

function downloadCsv(result: CreatePromoCodesResponse) {
  const url = URL.createObjectURL(new Blob([promoCodesCsv(result)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `codigos-${result.batchId ?? 'alcancia'}.csv`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** /admin/codigos: create one code or a batch, and find codes by name, description or batch. */
export default function PromoCodesPage() {
  usePageTitle('Códigos promocionales');
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const batchId = params.get('lote') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState(search);
  const [created, setCreated] = useState<CreatePromoCodesResponse | null>(null);
  const codes = usePromoCodes(search, batchId, page);

  return (
    <section className="admin-stack">
      <h1>Códigos promocionales</h1>
      <CreatePromoCodesForm
        onCreated={(result) => {
          setCreated(result);
          void queryClient.invalidateQueries({ queryKey: ['admin', 'promo-codes'] });
        }}
      />
      <div aria-live="polite">
        {created && (
          <Banner
            tone="success"
            title={created.codes.length === 1 ? 'Código creado' : `${created.codes.length} códigos creados`}
          >
            <ul className="admin-codes" aria-label="Códigos creados">
              {created.codes.slice(0, 50).map((code) => (
                <li key={code.code}>
                  <code>{code.code}</code>
                </li>
              ))}
            </ul>
            {created.batchId && (
              <div className="admin-actions">
                <Button variant="secondary" onClick={() => downloadCsv(created)}>
                  Descargar los códigos (CSV)
                </Button>
                <ButtonLink variant="secondary" to={`/admin/codigos?lote=${created.batchId}`}>
                  Ver el lote
                </ButtonLink>
              </div>
            )}
          </Banner>
        )}
      </div>

      <SearchForm
        label="Buscar por código o descripción"
        name="q"
        value={draft}
        onChange={setDraft}
        onSearch={(text) => setParams(text ? { q: text } : {})}
      >
        {batchId && (
          <Button variant="secondary" onClick={() => setParams({})}>
            Ver todos los códigos
          </Button>
        )}
      </SearchForm>
      {codes.isPending && <Spinner />}
      {codes.isError && <Banner tone="danger">{adminErrorText(codes.error)}</Banner>}
      {codes.data && (
        <>
          <AdminTable
            caption="Códigos promocionales"
            columns={['Código', 'Qué da', 'Estado', 'Usos', 'Vigencia', 'Creado']}
          >
            {codes.data.items.map((code) => {
              const [label, tone] = statusLabels[code.status];
              return (
                <tr key={code.code}>
                  <td>
                    <Link to={`/admin/codigos/${encodeURIComponent(code.code)}`}>{code.code}</Link>
                  </td>
                  <td>{effectOf(code)}</td>
                  <td>
                    <span className={`admin-badge ${tone}`}>{label}</span>
                  </td>
                  <td>
                    {code.uses}
                    {code.maxUses !== null && ` de ${code.maxUses}`}
                  </td>
                  <td>
                    {code.validFrom || code.validUntil
                      ? `${code.validFrom ? formatWhen(code.validFrom) : '…'} – ${code.validUntil ? formatWhen(code.validUntil) : '…'}`
                      : 'Sin fechas'}
                  </td>
                  <td>{formatDateTime(code.createdAt)}</td>
                </tr>
              );
            })}
          </AdminTable>
          {codes.data.items.length === 0 && <p>No hay códigos con esa búsqueda.</p>}
          <Pager
            page={page}
            hasMore={codes.data.hasMore}
            onPage={(next) =>
              setParams({
                ...(search ? { q: search } : {}),
                ...(batchId ? { lote: batchId } : {}),
                page: String(next),
              })
            }
          />
        </>
      )}
    </section>
  );
}

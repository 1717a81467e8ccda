import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/feedback';
import { adminErrorText } from '../admin-api';
import { formatDateTime, formatPesos, formatWhen } from '../admin-format';
import { AdminTable } from '../admin-table';
import { ConfirmDialog } from '../confirm-dialog';
import {
  effectOf,
  promoCodeKey,
  statusLabels,
  typeLabels,
  updatePromoCode,
  usePromoCode,
} from './promo-codes-api';

type Change = 'paused' | 'active' | 'ended';

const changeTexts: Record<Change, { title: string; button: string; text: string; done: string }> = {
  paused: {
    title: 'Pausar el código',
    button: 'Pausar',
    text: 'Nadie lo puede usar hasta que lo reanudes. Quien ya lo usó conserva lo que recibió.',
    done: 'El código quedó pausado.',
  },
  active: {
    title: 'Reanudar el código',
    button: 'Reanudar',
    text: 'Se puede volver a usar con sus reglas.',
    done: 'El código se puede volver a usar.',
  },
  ended: {
    title: 'Dar de baja el código',
    button: 'Dar de baja',
    text: 'Es definitivo: no se puede volver a usar ni reactivar. Quien ya lo usó conserva lo que recibió.',
    done: 'El código quedó dado de baja.',
  },
};

/** /admin/codigos/:code: its rules, who used it and what each got; pause, resume, end. */
export default function PromoCodePage() {
  const { code = '' } = useParams();
  usePageTitle(`Código ${code}`);
  const queryClient = useQueryClient();
  const detail = usePromoCode(code);
  const [change, setChange] = useState<Change | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  if (detail.isPending) return <Spinner />;
  if (detail.isError) return <Banner tone="danger">{adminErrorText(detail.error)}</Banner>;
  const { promoCode, redemptions } = detail.data;
  const [label, tone] = statusLabels[promoCode.status];
  return (
    <section className="admin-stack">
      <p>
        <Link to="/admin/codigos">← Códigos promocionales</Link>
      </p>
      <h1>
        {promoCode.code} <span className={`admin-badge ${tone}`}>{label}</span>
      </h1>
      <div className="admin-actions">
        {promoCode.status !== 'ended' && promoCode.status !== 'paused' && (
          <Button variant="secondary" onClick={() => setChange('paused')}>
            Pausar
          </Button>
        )}
        {promoCode.status === 'paused' && (
          <Button variant="secondary" onClick={() => setChange('active')}>
            Reanudar
          </Button>
        )}
        {promoCode.status !== 'ended' && (
          <Button variant="secondary" onClick={() => setChange('ended')}>
            Dar de baja
          </Button>
        )}
      </div>
      <div aria-live="polite">{notice && <Banner tone="success">{notice}</Banner>}</div>
      <div className="admin-panel">
        <dl className="admin-dl">
          <dt>Tipo</dt>
          <dd>{typeLabels[promoCode.type] ?? promoCode.type}</dd>
          <dt>Qué da</dt>
          <dd>{effectOf(promoCode)}</dd>
          <dt>Descripción</dt>
          <dd>{promoCode.description || '—'}</dd>
          <dt>Países</dt>
          <dd>
            {promoCode.allowedCountryCodes.length > 0 ? promoCode.allowedCountryCodes.join(', ') : 'Todos'}
          </dd>
          <dt>Vigencia</dt>
          <dd>
            {promoCode.validFrom ? formatWhen(promoCode.validFrom) : 'sin inicio'} –{' '}
            {promoCode.validUntil ? formatWhen(promoCode.validUntil) : 'sin fin'}
          </dd>
          <dt>Usos</dt>
          <dd>
            {promoCode.uses}
            {promoCode.maxUses !== null ? ` de ${promoCode.maxUses}` : ' (sin límite)'}; una vez por persona
          </dd>
          {promoCode.batchId && (
            <>
              <dt>Lote</dt>
              <dd>
                <Link to={`/admin/codigos?lote=${promoCode.batchId}`}>Ver los códigos del lote</Link>
              </dd>
            </>
          )}
        </dl>
      </div>
      <div className="admin-panel">
        <h2>Quién lo usó</h2>
        {redemptions.length === 0 ? (
          <p className="admin-muted">Nadie lo usó todavía.</p>
        ) : (
          <AdminTable
            caption="Usos del código"
            columns={['Cuándo', 'Quién', 'En qué', { label: 'Descuento', number: true }]}
          >
            {redemptions.map((used) => (
              <tr key={`${used.memberId}-${used.usedAt}`}>
                <td>{formatDateTime(used.usedAt)}</td>
                <td>
                  <Link to={`/admin/miembros/${used.memberId}`}>{used.name}</Link>
                  <br />
                  <span className="admin-muted">{used.email}</span>
                </td>
                <td>
                  {used.concept ??
                    (used.grantedUntil ? `Acceso hasta ${formatWhen(used.grantedUntil)}` : '—')}
                </td>
                <td className="admin-number">{used.discount !== null ? formatPesos(used.discount) : '—'}</td>
              </tr>
            ))}
          </AdminTable>
        )}
      </div>
      {change && (
        <ConfirmDialog
          open
          title={changeTexts[change].title}
          confirmLabel={changeTexts[change].button}
          danger={change === 'ended'}
          onClose={() => setChange(null)}
          onConfirm={async () => {
            await updatePromoCode(promoCode.code, { status: change });
            setNotice(changeTexts[change].done);
            await queryClient.invalidateQueries({ queryKey: promoCodeKey(promoCode.code) });
          }}
        >
          <p>{changeTexts[change].text}</p>
        </ConfirmDialog>
      )}
    </section>
  );
}

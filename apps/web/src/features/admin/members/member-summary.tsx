import type { MemberDetail } from '@alcancia/contract/admin';
import { formatDateTime } from '../admin-format';
import { TablePanel } from '../admin-table';

const subscriptionStatus: Record<string, string> = {
  none: 'Sin suscripción',
  active: 'Activa',
  trial: 'En prueba gratis',
  past_due: 'Pago pendiente',
  cancelled: 'Cancelada (con acceso hasta el fin del período)',
  expired: 'Vencida',
};

/** An order's state in a subscription's history, in words. */
const orderStatuses: Record<string, string> = {
  created: 'Iniciada, sin respuesta del proveedor',
  pending: 'Pago pendiente',
  active: 'Activa',
  paid: 'Pagada',
  past_due: 'Pago pendiente (en gracia)',
  refused: 'Pago rechazado',
  error: 'Con error',
  cancelled: 'Cancelada',
  replaced: 'Reemplazada por otro plan',
  expired: 'Vencida',
  withdrawn: 'Arrepentida (devuelta)',
  refunded: 'Devuelta',
};
const orderStatusText = (status: string) => orderStatuses[status] ?? status;

/** Her data, her subscription and its history. */
export function MemberSummary({ member }: { member: MemberDetail }) {
  const { profile } = member;
  return (
    <>
      <div className="admin-columns">
        <div className="admin-panel">
          <h2>Datos</h2>
          <dl className="admin-dl">
            <dt>Teléfono</dt>
            <dd>{profile.telephone ?? '—'}</dd>
            <dt>País</dt>
            <dd>{profile.countryCode ?? '—'}</dd>
            <dt>Alta</dt>
            <dd>{formatDateTime(profile.createdAt)}</dd>
            <dt>Origen</dt>
            <dd>{profile.origin}</dd>
            <dt>Validación</dt>
            <dd>
              {profile.emailVerifiedAt
                ? `Validado el ${formatDateTime(profile.emailVerifiedAt)}`
                : `Último código enviado: ${formatDateTime(member.validation.lastCodeSentAt)}`}
            </dd>
            <dt>Comunidad privada</dt>
            <dd>{profile.privateCommunityAccess ? 'Sí' : 'No'}</dd>
          </dl>
        </div>
        <div className="admin-panel">
          <h2>Suscripción</h2>
          <dl className="admin-dl">
            <dt>Estado</dt>
            <dd>{subscriptionStatus[member.subscription.status] ?? member.subscription.status}</dd>
            <dt>Plan</dt>
            <dd>{member.subscription.planName ?? member.subscription.planId ?? '—'}</dd>
            <dt>Hasta</dt>
            <dd>{member.subscription.endDate ?? '—'}</dd>
            <dt>Origen</dt>
            <dd>{member.subscription.origin ?? '—'}</dd>
            <dt>Acuerdo en el proveedor</dt>
            <dd>{member.subscription.providerPreapprovalId ?? '—'}</dd>
          </dl>
        </div>
      </div>

      {member.subscription.history.length > 0 && (
        <TablePanel title="Historia de la suscripción" columns={['Cuándo', 'De', 'A', 'Quién', 'Por qué']}>
          {member.subscription.history.map((entry) => (
            <tr key={`${entry.at}-${entry.to}-${entry.orderId}`}>
              <td>{formatDateTime(entry.at)}</td>
              <td>{entry.from ? orderStatusText(entry.from) : '—'}</td>
              <td>{orderStatusText(entry.to)}</td>
              <td>{entry.actorText}</td>
              <td>{entry.reasonText}</td>
            </tr>
          ))}
        </TablePanel>
      )}
    </>
  );
}

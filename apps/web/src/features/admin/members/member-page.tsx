import type { AdminPayment, MemberDetail } from '@alcancia/contract/admin';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/feedback';
import { SelectField } from '../../../ui/select-field';
import { adminErrorText, useOperator } from '../admin-api';
import { formatDateTime, formatPesos } from '../admin-format';
import { TablePanel } from '../admin-table';
import { ConfirmDialog } from '../confirm-dialog';
import {
  PaymentAmount,
  PaymentStatus,
  RefundButton,
  RefundStatus,
  refundReasonText,
} from '../payments/payment-status';
import { RefundDialog } from '../payments/refund-dialog';
import { eventSourceText, eventText } from './event-words';
import { grantChoices } from './grant-choices';
import { mailStatusText } from './mail-status';
import {
  cancelSubscription,
  endSessions,
  grantProduct,
  memberKey,
  resendValidation,
  revokeProduct,
  useGrantableProducts,
  useMember,
} from './members-api';

type Action = 'validation' | 'sessions' | 'cancel' | 'grant' | { revoke: string } | null;

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

/** /admin/miembros/:id: everything about one member, and what support can do for her. */
export default function MemberPage() {
  const { id = '' } = useParams();
  const member = useMember(id);
  usePageTitle(member.data ? member.data.profile.name : 'Miembro');
  if (member.isPending) return <Spinner label="Cargando la ficha…" />;
  if (member.isError) return <Banner tone="danger">{adminErrorText(member.error)}</Banner>;
  return <MemberView member={member.data} />;
}

function MemberView({ member }: { member: MemberDetail }) {
  const queryClient = useQueryClient();
  const { profile } = member;
  // no operator acts on her own account (issue 29): another operator does it
  const own = useOperator().data?.id === profile.id;
  const [action, setAction] = useState<Action>(null);
  const [productId, setProductId] = useState('');
  const [refunding, setRefunding] = useState<AdminPayment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const reload = () => queryClient.invalidateQueries({ queryKey: memberKey(profile.id) });
  const revokingId = typeof action === 'object' && action ? action.revoke : null;
  const revokingName =
    member.purchases.find((purchase) => purchase.productId === revokingId)?.name ?? revokingId ?? '';
  const done = async (message: string) => {
    setNotice(message);
    await reload();
  };

  return (
    <section className="admin-stack">
      <p>
        <Link to="/admin/miembros">← Miembros</Link>
      </p>
      <h1>{profile.name}</h1>
      <p>
        {profile.email}
        {profile.emailVerified ? (
          <span className="admin-badge admin-badge-ok"> Correo validado</span>
        ) : (
          <span className="admin-badge admin-badge-warn"> Correo sin validar</span>
        )}
        {profile.deleted && <span className="admin-badge admin-badge-bad"> Cuenta eliminada</span>}
      </p>
      {own && (
        <Banner tone="info">
          Es tu propia cuenta: no podés darte programas, devolverte pagos ni cambiar tu suscripción desde el
          panel. Pedíselo a otra operadora del equipo.
        </Banner>
      )}
      <div className="admin-actions" hidden={own}>
        {!profile.emailVerified && !profile.deleted && (
          <Button variant="secondary" onClick={() => setAction('validation')}>
            Reenviar validación
          </Button>
        )}
        <Button variant="secondary" onClick={() => setAction('sessions')}>
          Cerrar sus sesiones
        </Button>
        {!profile.deleted && (
          <Button variant="secondary" onClick={() => setAction('grant')}>
            Dar un programa o pack
          </Button>
        )}
        {member.subscription.cancellable && (
          <Button variant="secondary" onClick={() => setAction('cancel')}>
            Cancelar su suscripción
          </Button>
        )}
      </div>
      <div aria-live="polite">{notice && <Banner tone="success">{notice}</Banner>}</div>

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

      <TablePanel
        title="Compras"
        columns={['Producto', 'Tipo', 'Origen', 'Desde', '']}
        empty="No tiene programas ni packs."
      >
        {member.purchases.map((purchase) => (
          <tr key={`${purchase.productType}-${purchase.productId}`}>
            <td>{purchase.name ?? purchase.productId}</td>
            <td>{purchase.productType === 'packs' ? 'Pack' : 'Programa'}</td>
            <td>{purchase.sourceText}</td>
            <td>{formatDateTime(purchase.createdAt)}</td>
            <td>
              <Button
                variant="link"
                onClick={() => setAction({ revoke: purchase.productId })}
                aria-label={`Quitar ${purchase.name ?? purchase.productId}`}
              >
                Quitar
              </Button>
            </td>
          </tr>
        ))}
      </TablePanel>

      <TablePanel
        title="Pagos"
        columns={['Fecha', 'Concepto', 'Importe', 'Estado', 'Operación del proveedor', '']}
        empty="No tiene pagos."
      >
        {member.payments.map((payment) => (
          <tr key={payment.id}>
            <td>{formatDateTime(payment.approvedAt ?? payment.createdAt)}</td>
            <td>{payment.concept}</td>
            <PaymentAmount payment={payment} />
            <td>
              <PaymentStatus payment={payment} />
            </td>
            <td>
              <code>{payment.providerPaymentId}</code>
              {payment.providerPreapprovalId && (
                <>
                  <br />
                  <span className="admin-muted">acuerdo {payment.providerPreapprovalId}</span>
                </>
              )}
            </td>
            <td>
              <RefundButton payment={payment} onRefund={setRefunding} />
            </td>
          </tr>
        ))}
      </TablePanel>

      {member.refunds.length > 0 && (
        <TablePanel title="Devoluciones" columns={['Pedida', 'Importe', 'Estado', 'Motivo', 'Intentos']}>
          {member.refunds.map((refund) => (
            <tr key={refund.id}>
              <td>{formatDateTime(refund.createdAt)}</td>
              <td className="admin-number">{formatPesos(refund.amount)}</td>
              <td>
                <RefundStatus refund={refund} />
              </td>
              <td>{refundReasonText(refund)}</td>
              <td>{refund.attempts}</td>
            </tr>
          ))}
        </TablePanel>
      )}

      <TablePanel
        title="Progreso por curso"
        columns={['Curso', 'Clases y materiales completos', 'Terminado', 'Última actividad']}
        empty="Todavía no empezó ningún curso."
      >
        {member.progress.map((row) => (
          <tr key={row.courseId}>
            <td>{row.courseName ?? row.courseId}</td>
            <td>
              {row.completedSections} de {row.totalSections}{' '}
              {row.totalSections === 1 ? 'clase o material' : 'clases y materiales'}
            </td>
            <td>{row.completedAt ? formatDateTime(row.completedAt) : 'No'}</td>
            <td>{formatDateTime(row.updatedAt)}</td>
          </tr>
        ))}
      </TablePanel>

      {member.certificates.length > 0 && (
        <TablePanel title="Certificados" columns={['Curso', 'Código', 'Emitido']}>
          {member.certificates.map((certificate) => (
            <tr key={certificate.id}>
              <td>{certificate.courseName ?? certificate.courseId}</td>
              <td>
                <code>{certificate.id}</code>
              </td>
              <td>{formatDateTime(certificate.issuedAt)}</td>
            </tr>
          ))}
        </TablePanel>
      )}

      <TablePanel
        title="Sesiones abiertas"
        columns={['Inicio', 'Última actividad', 'Vence', 'Tipo']}
        empty="No tiene sesiones abiertas."
      >
        {member.sessions.map((session) => (
          <tr key={session.id}>
            <td>{formatDateTime(session.startedAt)}</td>
            <td>{formatDateTime(session.lastActiveAt)}</td>
            <td>{formatDateTime(session.expiresAt)}</td>
            <td>{session.operator ? 'Panel (con segundo factor)' : 'Academia'}</td>
          </tr>
        ))}
      </TablePanel>

      {member.promoCodes.length > 0 && (
        <TablePanel title="Códigos promocionales usados" columns={['Código', 'Cuándo']}>
          {member.promoCodes.map((code) => (
            <tr key={code.code}>
              <td>
                <Link to={`/admin/codigos/${encodeURIComponent(code.code)}`}>{code.code}</Link>
              </td>
              <td>{formatDateTime(code.usedAt)}</td>
            </tr>
          ))}
        </TablePanel>
      )}

      <TablePanel
        title="Correos enviados"
        caption={`Últimos correos a ${profile.email}`}
        columns={['Creado', 'Asunto', 'Estado']}
        empty="No le enviamos correos a esta dirección."
      >
        {member.mails.map((mail) => (
          <tr key={mail.id}>
            <td>{formatDateTime(mail.createdAt)}</td>
            <td>{mail.subject}</td>
            <td>{mailStatusText(mail)}</td>
          </tr>
        ))}
      </TablePanel>

      <TablePanel
        title="Últimos eventos"
        columns={['Cuándo', 'Evento', 'Origen']}
        empty="Sin eventos registrados."
      >
        {member.events.map((event) => (
          <tr key={event.id}>
            <td>{formatDateTime(event.at)}</td>
            <td>{eventText(event.event)}</td>
            <td>{eventSourceText(event.source)}</td>
          </tr>
        ))}
      </TablePanel>

      <ConfirmDialog
        open={action === 'validation'}
        title="Reenviar el correo de validación"
        confirmLabel="Reenviar"
        onClose={() => setAction(null)}
        onConfirm={async () => done((await resendValidation(profile.id)).message)}
      >
        <p>Le llega un código nuevo a {profile.email}; los anteriores dejan de servir.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={action === 'sessions'}
        title="Cerrar todas sus sesiones"
        confirmLabel="Cerrar sesiones"
        danger
        onClose={() => setAction(null)}
        onConfirm={async () => done((await endSessions(profile.id)).message)}
      >
        <p>Se cierran en todos sus dispositivos. Puede volver a ingresar con su contraseña.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={action === 'cancel'}
        title="Cancelar su suscripción"
        confirmLabel="Cancelar la suscripción"
        danger
        askReason
        onClose={() => setAction(null)}
        onConfirm={async (reason) => done((await cancelSubscription(profile.id, reason)).message)}
      >
        <p>
          Es su botón de baja: no se le cobra más, conserva el acceso hasta el fin del período y le llega el
          correo con el código de baja.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={action === 'grant'}
        title="Dar un programa o pack"
        confirmLabel="Dar acceso"
        askReason
        canConfirm={productId.trim() !== ''}
        onClose={() => {
          setProductId('');
          setAction(null);
        }}
        onConfirm={async (reason) => {
          await done((await grantProduct(profile.id, productId.trim(), reason)).message);
          setProductId('');
        }}
      >
        <GrantPicker
          open={action === 'grant'}
          ownedIds={member.purchases.map((purchase) => purchase.productId)}
          value={productId}
          onChange={setProductId}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={typeof action === 'object' && action !== null}
        title="Quitar el acceso a un producto"
        confirmLabel="Quitar acceso"
        danger
        askReason
        onClose={() => setAction(null)}
        onConfirm={async (reason) => {
          if (typeof action === 'object' && action)
            done((await revokeProduct(profile.id, action.revoke, reason)).message);
        }}
      >
        <p>
          Pierde el acceso a <strong>{revokingName}</strong>. No devuelve ningún pago: para eso, usá
          «Devolver» en el pago.
        </p>
      </ConfirmDialog>
      <RefundDialog
        payment={refunding}
        onClose={() => setRefunding(null)}
        onDone={(_result, message) => void done(message)}
      />
    </section>
  );
}

/** The catalogue's programs and packs she does not own yet, to pick one (asked when the dialog opens). */
function GrantPicker({
  open,
  ownedIds,
  value,
  onChange,
}: {
  open: boolean;
  ownedIds: string[];
  value: string;
  onChange(productId: string): void;
}) {
  const products = useGrantableProducts(open);
  if (products.isPending) return <Spinner label="Cargando los programas y packs…" />;
  if (products.isError) return <Banner tone="danger">{adminErrorText(products.error)}</Banner>;
  const groups = grantChoices(products.data.items, ownedIds);
  if (groups.length === 0) return <p>Ya tiene todos los programas y packs del catálogo.</p>;
  return (
    <SelectField
      label="Programa o pack"
      name="productId"
      required
      value={value}
      onChange={(event) => onChange(event.target.value)}
    >
      <option value="">Elegí uno…</option>
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </optgroup>
      ))}
    </SelectField>
  );
}

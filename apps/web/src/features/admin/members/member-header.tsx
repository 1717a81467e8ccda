import type { MemberDetail } from '@alcancia/contract/admin';
import { Link } from 'react-router';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import type { MemberAction } from './member-dialogs';

/** Her name, e-mail and badges, and the actions support may take (none on the operator's own account). */
export function MemberHeader({
  member,
  own,
  onAction,
}: {
  member: MemberDetail;
  own: boolean;
  onAction(action: MemberAction): void;
}) {
  const { profile } = member;
  return (
    <>
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
          <Button variant="secondary" onClick={() => onAction('validation')}>
            Reenviar validación
          </Button>
        )}
        <Button variant="secondary" onClick={() => onAction('sessions')}>
          Cerrar sus sesiones
        </Button>
        {!profile.deleted && (
          <Button variant="secondary" onClick={() => onAction('grant')}>
            Dar un programa o pack
          </Button>
        )}
        {member.subscription.cancellable && (
          <Button variant="secondary" onClick={() => onAction('cancel')}>
            Cancelar su suscripción
          </Button>
        )}
      </div>
    </>
  );
}

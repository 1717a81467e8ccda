import type { AdminPayment, MemberDetail } from '@alcancia/contract/admin';
import { useState } from 'react';
import { ConfirmDialog } from '../confirm-dialog';
import { RefundDialog } from '../payments/refund-dialog';
import { GrantPicker } from './grant-picker';
import {
  cancelSubscription,
  endSessions,
  grantProduct,
  resendValidation,
  revokeProduct,
} from './members-api';

export type MemberAction = 'validation' | 'sessions' | 'cancel' | 'grant' | { revoke: string } | null;

/** The confirmations of support's actions on her account, and the refund of a payment. */
export function MemberDialogs({
  member,
  action,
  setAction,
  refunding,
  setRefunding,
  done,
}: {
  member: MemberDetail;
  action: MemberAction;
  setAction(action: MemberAction): void;
  refunding: AdminPayment | null;
  setRefunding(payment: AdminPayment | null): void;
  done(message: string): Promise<void>;
}) {
  const { profile } = member;
  const [productId, setProductId] = useState('');
  const revokingId = typeof action === 'object' && action ? action.revoke : null;
  const revokingName =
    member.purchases.find((purchase) => purchase.productId === revokingId)?.name ?? revokingId ?? '';
  return (
    <>
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
    </>
  );
}

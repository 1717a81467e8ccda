import type { RefundStatus } from '@alcancia/contract';
import { useId } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';

/**
 * Upgrade guard (spec §4): subscribed with a plan that weighs as much as the chosen one or more.
 * Only a heavier plan can be bought, so the way out is the plan list or the academy.
 */
export function UpgradeGuardDialog({
  currentPlanName,
  chosenPlanTitle,
  onSeePlans,
  onAcademy,
}: {
  currentPlanName: string | null;
  chosenPlanTitle: string;
  onSeePlans(): void;
  onAcademy(): void;
}) {
  const textId = useId();
  return (
    <Dialog open onClose={onSeePlans} title="Ya tenés este plan o uno superior" describedBy={textId}>
      <DialogBody>
        <p id={textId}>
          {currentPlanName ? `Tu suscripción actual (${currentPlanName})` : 'Tu suscripción actual'} ya
          incluye todo lo del plan {chosenPlanTitle}. Desde acá solo podés cambiarte a un plan superior.
        </p>
        <DialogActions>
          <Button variant="secondary" onClick={onAcademy}>
            Ir a la academia
          </Button>
          <Button onClick={onSeePlans} data-autofocus>
            Ver planes
          </Button>
        </DialogActions>
      </DialogBody>
    </Dialog>
  );
}

/**
 * The refund notice of an upgrade (spec §4): at once when SUCCESS, within 10 business days when
 * FAILED, and (decision 42) plainly nothing when no charge was there to refund.
 */
export const refundNoticeTexts = {
  SUCCESS:
    'Ya te devolvimos la parte que no usaste de tu plan anterior. El reintegro va a la misma tarjeta: según tu banco, lo vas a ver en el resumen actual o en el próximo.',
  FAILED:
    'Vamos a devolverte la parte que no usaste de tu plan anterior dentro de los próximos 10 días hábiles, en la misma tarjeta. No tenés que hacer nada.',
  NONE: 'No hay nada que devolverte: tu plan anterior no tenía un cobro pendiente de usar (por ejemplo, estabas en un período de prueba o de regalo).',
} as const satisfies Record<RefundStatus, string>;

export function RefundNotice({ refundStatus }: { refundStatus: RefundStatus }) {
  return (
    <p className="refund-notice" data-refund={refundStatus}>
      {refundNoticeTexts[refundStatus]}
    </p>
  );
}

import type { PlanFrequency, SubscriptionPlan } from '@alcancia/contract';
import { useNavigate } from 'react-router';
import { formatDate } from '../../lib/format';
import { otherPaymentMethodsPath } from '../../shared/checkout/other-payment-methods';
import { PaymentResultModal } from '../../shared/checkout/payment-result-modal';
import { refusalMessage } from '../../shared/checkout/refusal-messages';
import type { usePaymentResult } from '../../shared/checkout/use-payment-result';
import { RefundNotice } from './upgrade-dialogs';

/**
 * The subscription checkout's outcome: active (or a plan changed, with its refund), in process, or
 * the card attempts used up (then the other ways to pay).
 */
export function SubscriptionResultModal({
  attempts,
  chosen,
  frequency,
  trial,
  endDate,
  fromApp,
  onFinish,
  onExhausted,
}: {
  attempts: ReturnType<typeof usePaymentResult>;
  chosen: SubscriptionPlan;
  frequency: PlanFrequency;
  trial: boolean;
  endDate: string | null;
  fromApp: boolean;
  onFinish(): void;
  onExhausted(): void;
}) {
  const navigate = useNavigate();
  const { result, dispatch } = attempts;
  const isUpgrade = result.status === 'success' && result.isUpgrade;
  const successBody = isUpgrade ? (
    <>
      <p>
        Tu plan ahora es <strong>{chosen.displayMetadata.title}</strong> y ya tenés acceso a todo lo que
        incluye.
      </p>
      {result.status === 'success' && result.refundStatus && (
        <RefundNotice refundStatus={result.refundStatus} />
      )}
    </>
  ) : (
    <>
      <p>
        Ya tenés acceso a todos los cursos del plan <strong>{chosen.displayMetadata.title}</strong>.
      </p>
      {endDate && (
        <p>
          {trial ? 'Tu prueba gratis dura hasta el' : 'Tu suscripción está activa hasta el'}{' '}
          {formatDate(endDate)} y se renueva sola.
        </p>
      )}
    </>
  );
  const finishLabel = fromApp ? 'Volver a la app' : 'Ir a la academia';

  return (
    <PaymentResultModal
      result={result}
      onRetry={() => dispatch({ type: 'retry' })}
      success={{
        title: isUpgrade ? '¡Listo! Cambiaste de plan' : '¡Listo! Tu suscripción está activa',
        body: successBody,
        actionLabel: finishLabel,
        onAction: onFinish,
      }}
      inProcess={{
        title: 'Estamos procesando tu pago',
        body: (
          <p>
            Mercado Pago está revisando tu pago. Cuando se acredite, tu suscripción se activa sola y te
            avisamos por correo. Puede tardar hasta 2 días hábiles.
          </p>
        ),
        actionLabel: finishLabel,
        onAction: onFinish,
      }}
      exhausted={{
        title: 'No pudimos procesar tu pago',
        body: (
          <>
            {result.status === 'exhaustedAttempts' && <p>{refusalMessage(result.reason)}</p>}
            <p>
              Ya usaste los intentos de pago con tarjeta. Te mostramos otras formas de pagar tu suscripción.
            </p>
          </>
        ),
        actionLabel: 'Ver otras formas de pago',
        onAction: () => {
          onExhausted();
          navigate(otherPaymentMethodsPath({ kind: 'subscription', planId: chosen.id, frequency }));
        },
      }}
    />
  );
}

import type { ProgramPreview } from '@alcancia/contract';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { PaymentResultModal } from '../../shared/checkout/payment-result-modal';
import { refusalMessage } from '../../shared/checkout/refusal-messages';
import type { usePaymentResult } from '../../shared/checkout/use-payment-result';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import { exhaustedDestination } from './checkout-rules';

/**
 * The program checkout's outcome: bought, in process, the card attempts used up (then the form to
 * pay another way), or a FREE code that gave it away.
 */
export function ProgramResultModal({
  attempts,
  program,
  activatedCode,
  fromApp,
  onFinish,
  onFinishInProcess,
  onExhausted,
}: {
  attempts: ReturnType<typeof usePaymentResult>;
  program: ProgramPreview;
  activatedCode: string | null;
  fromApp: boolean;
  onFinish(): void;
  onFinishInProcess(): void;
  onExhausted(): void;
}) {
  const navigate = useNavigate();
  const activationTextId = useId();
  const { result, dispatch } = attempts;
  const kind = program.type === 'PACK' ? 'pack' : 'programa';
  const finishLabel = fromApp ? 'Volver a la app' : 'Ir al programa';

  return (
    <>
      <PaymentResultModal
        result={result}
        onRetry={() => dispatch({ type: 'retry' })}
        success={{
          title: `¡Listo! Ya tenés tu ${kind}`,
          body: (
            <p>
              Ya podés empezar <strong>{program.name}</strong>. Lo vas a encontrar siempre en Programas &
              Packs.
            </p>
          ),
          actionLabel: finishLabel,
          onAction: onFinish,
        }}
        inProcess={{
          title: 'Estamos procesando tu pago',
          body: (
            <p>
              Mercado Pago está revisando tu pago. Cuando se acredite, el {kind} aparece en tu cuenta y te
              avisamos por correo. Puede tardar hasta 2 días hábiles.
            </p>
          ),
          actionLabel: fromApp ? 'Volver a la app' : 'Ir a Programas & Packs',
          onAction: onFinishInProcess,
        }}
        exhausted={{
          title: 'No pudimos procesar tu pago',
          body: (
            <>
              {result.status === 'exhaustedAttempts' && <p>{refusalMessage(result.reason)}</p>}
              <p>
                Ya usaste los intentos de pago con tarjeta. Completá el formulario y te ayudamos a pagar tu{' '}
                {kind} de otra forma.
              </p>
            </>
          ),
          actionLabel: 'Ir al formulario de pago',
          onAction: () => {
            onExhausted();
            const destination = exhaustedDestination(program);
            if (destination.startsWith('/')) navigate(destination);
            else window.location.assign(destination);
          },
        }}
      />
      <Dialog
        open={activatedCode !== null}
        onClose={onFinish}
        title="¡Tu código fue activado!"
        describedBy={activationTextId}
      >
        <DialogBody>
          <div id={activationTextId} className="result-body result-success">
            <p>
              Con el código <strong>{activatedCode}</strong>, {program.name} ya es tuyo, sin costo.
            </p>
          </div>
          <DialogActions>
            <Button onClick={onFinish} data-autofocus>
              {finishLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      </Dialog>
    </>
  );
}

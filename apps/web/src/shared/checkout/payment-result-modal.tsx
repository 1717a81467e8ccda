import { type ReactNode, useId } from 'react';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import type { PaymentResult } from './payment-result';
import { refusalMessage } from './refusal-messages';

export interface ResultAction {
  title: string;
  body: ReactNode;
  actionLabel: string;
  onAction(): void;
}

interface PaymentResultModalProps {
  result: PaymentResult;
  /** refused → pending: back to the form for the one retry */
  onRetry(): void;
  success: ResultAction;
  inProcess: ResultAction;
  /** differs per product: subscriptions and programs end the flow in different places */
  exhausted: ResultAction;
}

/**
 * The payment result as a modal: success, in process, refused (the reason's message and one more
 * try) and exhaustedAttempts (the flow ends). Hidden while the form is pending. Closing it does
 * what its button does, so Escape never leaves the payer in between.
 */
export function PaymentResultModal({
  result,
  onRetry,
  success,
  inProcess,
  exhausted,
}: PaymentResultModalProps) {
  const bodyId = useId();

  let content: ResultAction | null = null;
  let tone: 'success' | 'error' | 'info' = 'info';
  if (result.status === 'refused') {
    tone = 'error';
    content = {
      title: 'Tu pago fue rechazado',
      body: (
        <>
          <p>{refusalMessage(result.reason)}</p>
          <p>Podés intentarlo una vez más.</p>
        </>
      ),
      actionLabel: 'Intentar de nuevo',
      onAction: onRetry,
    };
  } else if (result.status === 'exhaustedAttempts') {
    tone = 'error';
    content = exhausted;
  } else if (result.status === 'inProcess') {
    content = inProcess;
  } else if (result.status === 'success') {
    tone = 'success';
    content = success;
  }

  const shown = content;
  // Always mounted, so closing it (back to pending) returns the focus to the purchase button.
  return (
    <Dialog
      open={shown !== null}
      onClose={() => shown?.onAction()}
      title={shown?.title ?? ''}
      describedBy={bodyId}
      className="result-dialog"
    >
      {shown && (
        <DialogBody>
          <div id={bodyId} className={`result-body result-${tone}`} data-result={result.status}>
            {shown.body}
          </div>
          <DialogActions>
            <Button onClick={shown.onAction} data-autofocus>
              {shown.actionLabel}
            </Button>
          </DialogActions>
        </DialogBody>
      )}
    </Dialog>
  );
}

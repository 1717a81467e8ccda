import { type ReactNode, useId } from 'react';
import { Dialog } from '../../ui/dialog';
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
  if (result.status === 'pending') return null;

  let content: ResultAction;
  let tone: 'success' | 'error' | 'info';
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
    tone = 'info';
    content = inProcess;
  } else {
    tone = 'success';
    content = success;
  }

  return (
    <Dialog
      open
      onClose={content.onAction}
      title={content.title}
      describedBy={bodyId}
      className="result-dialog"
    >
      <div className="dialog-body">
        <div id={bodyId} className={`result-body result-${tone}`} data-result={result.status}>
          {content.body}
        </div>
        <div className="dialog-actions">
          <button type="button" className="button button-primary" onClick={content.onAction} data-autofocus>
            {content.actionLabel}
          </button>
        </div>
      </div>
    </Dialog>
  );
}

import { useCallback, useRef, useState } from 'react';
import {
  initialPaymentResult,
  nextPaymentResult,
  type PaymentEvent,
  type PaymentResult,
  readFailedAttempts,
  writeFailedAttempts,
} from './payment-result';

/**
 * The payment result state with its counter kept in session storage (read at every event, so a
 * reload or another checkout of the same tab continues from the stored count).
 */
export function usePaymentResult() {
  const [result, setResult] = useState<PaymentResult>(initialPaymentResult);
  const current = useRef<PaymentResult>(initialPaymentResult);
  // How many times the form went back to pending after a refusal (clears the security code).
  const [attempt, setAttempt] = useState(0);

  // Computed outside a state updater: updaters may run twice, the counter must move once.
  const dispatch = useCallback((event: PaymentEvent) => {
    const next = nextPaymentResult(current.current, event, readFailedAttempts());
    writeFailedAttempts(next.failedAttempts);
    current.current = next.state;
    setResult(next.state);
    if (event.type === 'retry') setAttempt((n) => n + 1);
  }, []);

  return { result, attempt, dispatch };
}

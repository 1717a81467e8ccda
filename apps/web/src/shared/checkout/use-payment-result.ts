import type { PaymentAttempts, PaymentAttemptsQuery, RefusedReason } from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { apiRequest } from '../../lib/api-client';
import {
  initialPaymentResult,
  nextPaymentResult,
  type PaymentEvent,
  type PaymentResult,
  startingPaymentResult,
} from './payment-result';

/** GET /users/payment/attempts: the server's count of her refused card attempts for this product. */
function getPaymentAttempts(query: PaymentAttemptsQuery, signal?: AbortSignal): Promise<PaymentAttempts> {
  const params = new URLSearchParams(query);
  return apiRequest<PaymentAttempts>(`/users/payment/attempts?${params}`, { signal });
}

/**
 * The payment result state of one checkout, its counter starting from the server's count for this
 * product (so a reload continues where it was, and another product's refusals do not count).
 * `productId` undefined: not known yet (the plan or program is loading).
 */
export function usePaymentResult(product: {
  purchaseType: PaymentAttemptsQuery['purchaseType'];
  productId: string | undefined;
}) {
  const { purchaseType, productId } = product;
  const attempts = useQuery({
    queryKey: ['payment-attempts', purchaseType, productId],
    queryFn: ({ signal }) => getPaymentAttempts({ purchaseType, productId: productId ?? '' }, signal),
    enabled: productId !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const [result, setResult] = useState<PaymentResult>(initialPaymentResult);
  const current = useRef<PaymentResult>(initialPaymentResult);
  // Refusals so far: the server's count until this page sees its own.
  const failed = useRef<number | null>(null);
  // How many times the form went back to pending after a refusal (clears the security code).
  const [attempt, setAttempt] = useState(0);
  // The reason of the last refusal: the form shows it next to its field on the next try.
  const [lastRefusal, setLastRefusal] = useState<RefusedReason | null>(null);

  const counted = attempts.data;
  useEffect(() => {
    if (!counted || failed.current !== null) return;
    failed.current = counted.refusedAttempts;
    if (current.current.status === 'pending') {
      current.current = startingPaymentResult(counted);
      setResult(current.current);
    }
  }, [counted]);

  // Computed outside a state updater: updaters may run twice, the counter must move once.
  const dispatch = useCallback((event: PaymentEvent) => {
    const next = nextPaymentResult(current.current, event, failed.current ?? 0);
    failed.current = next.failedAttempts;
    current.current = next.state;
    setResult(next.state);
    if (event.type === 'refused') setLastRefusal(event.reason);
    if (event.type === 'retry') setAttempt((n) => n + 1);
  }, []);

  // The checkout waits for the count (an unreadable count is taken as none: the server still
  // refuses a third attempt).
  const ready = productId !== undefined && !attempts.isPending;
  return { result, attempt, lastRefusal, dispatch, ready };
}

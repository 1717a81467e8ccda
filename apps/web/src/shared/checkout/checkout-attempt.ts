import { useRef } from 'react';
import { ApiError } from '../../lib/api-client';

/** A new attempt's key: a random UUID (crypto.getRandomValues where randomUUID is missing). */
export function newAttemptKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * Whether a failed submit was answered by the server (a refusal, an error it explains): she may
 * try again, as a new attempt. A submit that got no answer (the network failed) may still have
 * charged her: its retry keeps the key, so the server answers the first one's outcome.
 */
export function wasAnswered(error: unknown): boolean {
  return error instanceof ApiError && error.status !== 0;
}

export interface CheckoutAttempt {
  /** the attempt's key, made on first use */
  key(): string;
  /** after an answer that lets her try again: the next submit is a new attempt */
  next(): void;
}

/**
 * One checkout attempt's Idempotency-Key (decision 0271): made when the checkout first submits,
 * sent with every submit of that attempt (a double tap, a retry after no answer), and renewed after
 * an answer that lets her try again (a refused card, an error), so her next try is charged anew
 * instead of answered with the refusal.
 */
export function checkoutAttempt(): CheckoutAttempt {
  let current: string | null = null;
  return {
    key: () => {
      current ??= newAttemptKey();
      return current;
    },
    next: () => {
      current = newAttemptKey();
    },
  };
}

/** The checkout page's attempt, kept across renders. */
export function useCheckoutAttempt(): CheckoutAttempt {
  const attempt = useRef<CheckoutAttempt | null>(null);
  attempt.current ??= checkoutAttempt();
  return attempt.current;
}

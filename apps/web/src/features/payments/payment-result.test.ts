import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../../test/browser-stubs';
import {
  failedAttemptsKey,
  initialPaymentResult,
  nextPaymentResult,
  type PaymentEvent,
  type PaymentResult,
  readFailedAttempts,
  writeFailedAttempts,
} from './payment-result';
import { asRefusedReason, refusalMessage, refusalMessages } from './refusal-messages';

/** Runs events the way the page does: the counter read from and written to storage each time. */
function run(events: PaymentEvent[], start: PaymentResult = initialPaymentResult): PaymentResult {
  let state = start;
  for (const event of events) {
    const next = nextPaymentResult(state, event, readFailedAttempts());
    writeFailedAttempts(next.failedAttempts);
    state = next.state;
  }
  return state;
}

describe('payment result state machine', () => {
  let storage: ReturnType<typeof stubStorage>;
  beforeEach(() => {
    storage = stubStorage();
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts pending with no failed attempts', () => {
    expect(initialPaymentResult).toEqual({ status: 'pending' });
    expect(readFailedAttempts()).toBe(0);
  });

  it('goes to success on an approved charge and forgets earlier failures', () => {
    writeFailedAttempts(1);
    expect(run([{ type: 'approved', isUpgrade: true, refundStatus: 'SUCCESS' }])).toEqual({
      status: 'success',
      isUpgrade: true,
      refundStatus: 'SUCCESS',
    });
    expect(readFailedAttempts()).toBe(0);
  });

  it('refuses once with the reason, then retries from pending, then ends exhausted', () => {
    const refused = run([{ type: 'refused', reason: 'INSUFFICIENT_AMOUNT' }]);
    expect(refused).toEqual({ status: 'refused', reason: 'INSUFFICIENT_AMOUNT' });
    expect(readFailedAttempts()).toBe(1);

    const retried = run([{ type: 'retry' }], refused);
    expect(retried).toEqual({ status: 'pending' });
    expect(readFailedAttempts()).toBe(1);

    const exhausted = run([{ type: 'refused', reason: 'CALL_FOR_AUTHORIZE' }], retried);
    expect(exhausted).toEqual({ status: 'exhaustedAttempts', reason: 'CALL_FOR_AUTHORIZE' });
    expect(readFailedAttempts()).toBe(2);
  });

  it('keeps the counter in session storage, so a reload after one failure ends at the next', () => {
    run([{ type: 'refused', reason: 'FILLED_DATE' }]);
    expect(storage.session.getItem(failedAttemptsKey)).toBe('1');
    // A reload: a fresh page state, the same tab's storage.
    expect(run([{ type: 'refused', reason: 'FILLED_DATE' }])).toEqual({
      status: 'exhaustedAttempts',
      reason: 'FILLED_DATE',
    });
  });

  it('does not count a payment in process, and exhaustedAttempts is final', () => {
    expect(run([{ type: 'inProcess' }])).toEqual({ status: 'inProcess' });
    expect(readFailedAttempts()).toBe(0);
    const end: PaymentResult = { status: 'exhaustedAttempts', reason: 'UNEXPECTED_ERROR' };
    expect(nextPaymentResult(end, { type: 'retry' }, 2).state).toBe(end);
    expect(nextPaymentResult(end, { type: 'refused', reason: 'FILLED_DATE' }, 2)).toEqual({
      state: end,
      failedAttempts: 2,
    });
  });

  it('reads a missing or broken counter as 0', () => {
    expect(readFailedAttempts()).toBe(0);
    storage.session.setItem(failedAttemptsKey, 'not a number');
    expect(readFailedAttempts()).toBe(0);
    storage.session.setItem(failedAttemptsKey, '-3');
    expect(readFailedAttempts()).toBe(0);
  });
});

describe('refusal messages', () => {
  it('has its own Spanish message for every refusal reason', () => {
    const texts = Object.values(refusalMessages);
    expect(new Set(texts).size).toBe(5);
    expect(refusalMessage('INSUFFICIENT_AMOUNT')).toMatch(/fondos suficientes/);
    expect(refusalMessage('CALL_FOR_AUTHORIZE')).toMatch(/autorices/);
    expect(refusalMessage('FILLED_SECURITY_CODE')).toMatch(/código de seguridad/);
    expect(refusalMessage('FILLED_DATE')).toMatch(/fecha de vencimiento/);
    expect(refusalMessage('UNEXPECTED_ERROR')).toMatch(/No pudimos procesar/);
  });

  it('falls back to the unexpected-error message for unknown reasons', () => {
    expect(asRefusedReason('SOMETHING_NEW')).toBe('UNEXPECTED_ERROR');
    expect(refusalMessage(undefined)).toBe(refusalMessages.UNEXPECTED_ERROR);
  });
});

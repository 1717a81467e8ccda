import { describe, expect, it } from 'vitest';
import {
  initialPaymentResult,
  nextPaymentResult,
  type PaymentEvent,
  type PaymentResult,
  startingPaymentResult,
} from './payment-result';
import { asRefusedReason, refusalMessage, refusalMessages } from './refusal-messages';

/** Runs events the way the page does, from a count of earlier refusals (the server's). */
function run(events: PaymentEvent[], start: PaymentResult = initialPaymentResult, refusedBefore = 0) {
  let state = start;
  let failed = refusedBefore;
  for (const event of events) {
    const next = nextPaymentResult(state, event, failed);
    failed = next.failedAttempts;
    state = next.state;
  }
  return { state, failed };
}

describe('payment result state machine', () => {
  it('starts pending with no failed attempts', () => {
    expect(initialPaymentResult).toEqual({ status: 'pending' });
    expect(startingPaymentResult({ exhausted: false, lastRefusedReason: null })).toEqual({
      status: 'pending',
    });
  });

  it('goes to success on an approved charge and forgets earlier failures', () => {
    expect(
      run([{ type: 'approved', isUpgrade: true, refundStatus: 'SUCCESS' }], initialPaymentResult, 1),
    ).toEqual({
      state: { status: 'success', isUpgrade: true, refundStatus: 'SUCCESS' },
      failed: 0,
    });
  });

  it('refuses once with the reason, then retries from pending, then ends exhausted', () => {
    const refused = run([{ type: 'refused', reason: 'INSUFFICIENT_AMOUNT' }]);
    expect(refused).toEqual({ state: { status: 'refused', reason: 'INSUFFICIENT_AMOUNT' }, failed: 1 });
    const retried = run([{ type: 'retry' }], refused.state, refused.failed);
    expect(retried).toEqual({ state: { status: 'pending' }, failed: 1 });
    const exhausted = run([{ type: 'refused', reason: 'CALL_FOR_AUTHORIZE' }], retried.state, retried.failed);
    expect(exhausted).toEqual({
      state: { status: 'exhaustedAttempts', reason: 'CALL_FOR_AUTHORIZE' },
      failed: 2,
    });
  });

  it('continues from the server’s count after a reload: one refusal before, the next one ends it', () => {
    expect(run([{ type: 'refused', reason: 'FILLED_DATE' }], initialPaymentResult, 1).state).toEqual({
      status: 'exhaustedAttempts',
      reason: 'FILLED_DATE',
    });
  });

  it('opens already exhausted when the server says this product’s attempts are used up', () => {
    expect(startingPaymentResult({ exhausted: true, lastRefusedReason: 'FILLED_DATE' })).toEqual({
      status: 'exhaustedAttempts',
      reason: 'FILLED_DATE',
    });
    expect(startingPaymentResult({ exhausted: true, lastRefusedReason: null })).toEqual({
      status: 'exhaustedAttempts',
      reason: 'UNEXPECTED_ERROR',
    });
  });

  it('does not count a payment in process, and exhaustedAttempts is final', () => {
    expect(run([{ type: 'inProcess' }])).toEqual({ state: { status: 'inProcess' }, failed: 0 });
    const end: PaymentResult = { status: 'exhaustedAttempts', reason: 'UNEXPECTED_ERROR' };
    expect(nextPaymentResult(end, { type: 'retry' }, 2).state).toBe(end);
    expect(nextPaymentResult(end, { type: 'refused', reason: 'FILLED_DATE' }, 2)).toEqual({
      state: end,
      failedAttempts: 2,
    });
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

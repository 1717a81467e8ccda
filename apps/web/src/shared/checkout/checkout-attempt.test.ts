import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { checkoutAttempt, wasAnswered } from './checkout-attempt';
import { postPayment } from './payment-answer';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('a checkout attempt’s Idempotency-Key', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn(async () => json(200, { status: 'approved' }));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  const sentKeys = () =>
    fetchMock.mock.calls.map(
      ([, init]) => (init as { headers: Record<string, string> }).headers['Idempotency-Key'],
    );

  it('is the same for every submit of one attempt (a double tap), and new after an answer that lets her retry', async () => {
    const attempt = checkoutAttempt();
    await postPayment('/users/mercadopago/suscription', {}, 'POST', attempt.key());
    await postPayment('/users/mercadopago/suscription', {}, 'POST', attempt.key());
    attempt.next();
    await postPayment('/users/mercadopago/suscription', {}, 'POST', attempt.key());

    const [first, second, third] = sentKeys();
    expect(first).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(second).toBe(first);
    expect(third).not.toBe(first);
  });

  it('counts a refusal or an explained error as answered, a failed connection as not (its retry keeps the key)', () => {
    expect(wasAnswered(new ApiError(409, 'UPGRADE_NOT_ALLOWED', 'Ya tenés una suscripción activa'))).toBe(
      true,
    );
    expect(wasAnswered(new ApiError(0, 'NETWORK_ERROR', 'No pudimos conectarnos.'))).toBe(false);
  });
});

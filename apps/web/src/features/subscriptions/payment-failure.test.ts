import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { paymentFailure } from './payment-failure';

const apiError = (internalCode: string, message: string, status = 400) =>
  new ApiError(status, internalCode, message);

describe('a subscription payment that fails before an outcome', () => {
  it('shows a code refused at payment time in Spanish, and drops the code', () => {
    const failure = paymentFailure(apiError('PROMO_CODE', 'The user already used the promo code'));
    expect(failure).toEqual({
      title: 'No pudimos aplicar tu código',
      text: 'Ya usaste este código antes. Cada código se puede usar una sola vez.',
      dropsPromoCode: true,
    });
    expect(paymentFailure(apiError('PROMO_CODE', 'Expired promo code')).text).toBe('Este código ya venció.');
  });

  it("shows 'Atención' for a code that is not valid for this plan", () => {
    const failure = paymentFailure(
      apiError(
        'INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN',
        'El código promocional no es válido para este plan y/o frecuencia de pago.',
      ),
    );
    expect(failure.title).toBe('Atención');
    expect(failure.dropsPromoCode).toBe(true);
  });

  it('says why a code that would not lower the price is not used, and drops it (it stays unspent)', () => {
    const failure = paymentFailure(apiError('PROMO_CODE_NOT_BETTER', 'Tu código no mejora…', 409));
    expect(failure).toEqual({
      title: 'Atención',
      text: expect.stringContaining('Tu código no mejora el precio de este plan'),
      dropsPromoCode: true,
    });
    expect(failure.text).toContain('queda sin usar');
  });

  it('tells her she already had her free trial and that paying now charges today', () => {
    const failure = paymentFailure(apiError('FREE_TRIAL_ALREADY_USED', 'Ya usaste tu prueba gratis', 409));
    expect(failure).toMatchObject({
      title: 'Ya usaste tu prueba gratis',
      endsFreeTrial: true,
      dropsPromoCode: false,
    });
    expect(failure.text).toContain('el primer cobro se hace hoy');
  });

  it("keeps the server's Spanish message for anything else, and the code", () => {
    expect(paymentFailure(apiError('ALREADY_SUBSCRIBED', 'Ya tenés una suscripción activa.', 409))).toEqual({
      title: 'No pudimos completar el pago',
      text: 'Ya tenés una suscripción activa.',
      dropsPromoCode: false,
    });
    expect(paymentFailure(new Error('boom')).text).toBe(
      'Ocurrió un error inesperado. Probá de nuevo en unos minutos.',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { emailRequestTexts } from './email-request-modal';
import { messageFor } from './messages';

const fail = (status: number, code: string, message = 'del servidor') => new ApiError(status, code, message);

describe('messageFor', () => {
  it('uses the catalogue text word for word', () => {
    expect(messageFor('login', fail(401, 'INVALID_CREDENTIALS'))).toBe(
      'Los datos son incorrectos. Intenta nuevamente.',
    );
    expect(messageFor('login', fail(403, 'UNVERIFIED_ACCOUNT'))).toBe('Por favor, validá tu cuenta.');
    expect(messageFor('login', fail(400, 'INVALID_DATA'))).toBe(
      'Los datos no son válidos. Intenta nuevamente.',
    );
    expect(messageFor('forgotPassword', fail(500, 'UNEXPECTED_ERROR'))).toBe('Ocurrio un error inesperado.');
    expect(messageFor('validateAccount', fail(409, 'USER_ALREADY_CONFIRMED'))).toBe(
      'Su usuario ya ha sido validado anteriormente. Puedes loguearte con el email y contraseña correspondiente.',
    );
    expect(messageFor('validateAccount', fail(400, 'INVALID_VERIFICATION_CODE'))).toBe(
      'La validación de su cuenta ha fallado. Por favor, revise su email y compruebe que el correo recibido es el mas reciente.',
    );
  });

  it('keeps the Spanish text of rate limits and network failures', () => {
    expect(
      messageFor('login', fail(429, 'TOO_MANY_REQUESTS', 'Demasiados intentos. Esperá un minuto.')),
    ).toBe('Demasiados intentos. Esperá un minuto.');
    expect(messageFor('register', fail(0, 'NETWORK_ERROR', 'Sin conexión.'))).toBe('Sin conexión.');
  });

  it('falls back to the flow default for anything else', () => {
    expect(messageFor('resendConfirmation', new Error('x'))).toBe('Ocurrio un error inesperado.');
    expect(messageFor('register', fail(500, 'SOMETHING'))).toBe(
      'No pudimos crear tu cuenta. Intentá nuevamente en unos minutos.',
    );
  });

  it('has no forgot-password text that would tell an unknown or unvalidated address apart (issue 40)', () => {
    expect(messageFor('forgotPassword', fail(404, 'EMAIL_NOT_FOUND'))).toBe('Ocurrio un error inesperado.');
    expect(messageFor('forgotPassword', fail(403, 'UNVERIFIED_ACCOUNT'))).toBe(
      'Ocurrio un error inesperado.',
    );
  });
});

describe('the forgot-password confirmation', () => {
  it('does not say that an account exists: the same text follows every address', () => {
    const text = emailRequestTexts.forgotPassword.sent('ana@example.com');
    expect(text).toMatch(/^Si ana@example\.com tiene una cuenta en Alcancía, te enviamos un correo/);
    expect(text).toContain('o para validar tu cuenta');
  });
});

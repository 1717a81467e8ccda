import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { clientErrorCodes, errorCatalogue, errorCodes, statusesOf } from './errors';

// The check `npm run check:error-codes` runs (a plain script, imported by its path).
const script = path.join(import.meta.dirname, '..', '..', '..', 'scripts', 'check-error-codes.mjs');
const { findProblems, knownCodes } = await import(script);

describe('the error catalogue', () => {
  it('keeps the specs’ texts word for word', () => {
    expect(errorCatalogue.INVALID_CREDENTIALS.message).toBe('Los datos son incorrectos. Intenta nuevamente.');
    expect(errorCatalogue.UNVERIFIED_ACCOUNT.message).toBe('Por favor, validá tu cuenta.');
    expect(errorCatalogue.USER_ALREADY_CONFIRMED.message).toBe(
      'Su usuario ya ha sido validado anteriormente. Puedes loguearte con el email y contraseña correspondiente.',
    );
    expect(errorCatalogue.INVALID_VERIFICATION_CODE.message).toBe(
      'La validación de su cuenta ha fallado. Por favor, revise su email y compruebe que el correo recibido es el mas reciente.',
    );
    expect(errorCatalogue.INVALID_PROMO_CODE_FOR_SUBSCRIPTION_PLAN.message).toBe(
      'El código promocional no es válido para este plan y/o frecuencia de pago.',
    );
    expect(errorCatalogue.NOT_PROGRAM.message).toBe('No es un programa');
    expect(errorCatalogue.ALREADY_PURCHASED.message).toBe('¡Ya lo compraste!');
    expect(errorCatalogue.INVALID_DATA.message).toBe('Los datos no son válidos. Intenta nuevamente.');
  });

  it('gives every code an error status and a message, and the web’s own codes are apart', () => {
    for (const code of errorCodes) {
      for (const status of statusesOf(code)) expect(status >= 400 && status < 600, code).toBe(true);
      expect(errorCatalogue[code].message.length, code).toBeGreaterThan(5);
    }
    for (const code of clientErrorCodes) expect(errorCodes).not.toContain(code);
  });
});

describe('check-error-codes', () => {
  it('refuses a code thrown, answered or compared that the catalogue does not hold', async () => {
    const known = await knownCodes();
    const source = [
      "throw new AppError('NOT_A_CATALOGUE_CODE', 409, 'x');",
      "reply.status(409).send({ internalCode: 'ALSO_UNKNOWN', message: 'x' });",
      "if (error.internalCode === 'THIRD_UNKNOWN') return;",
      "throw refuse(415, 'FOURTH_UNKNOWN', 'x');",
    ].join('\n');
    const { problems } = findProblems('apps/api/src/x.ts', source, known);
    expect(problems).toEqual([
      'apps/api/src/x.ts:1: NOT_A_CATALOGUE_CODE is not in the error catalogue',
      'apps/api/src/x.ts:4: FOURTH_UNKNOWN is not in the error catalogue',
      'apps/api/src/x.ts:2: ALSO_UNKNOWN is not in the error catalogue',
      'apps/api/src/x.ts:3: THIRD_UNKNOWN is not in the error catalogue',
    ]);
  });

  it('refuses a status the catalogue does not give the code, and reads the web’s error states', async () => {
    const known = await knownCodes();
    const api = findProblems('apps/api/src/x.ts', "new AppError('NOT_FOUND', 409, 'x')", known);
    expect(api.problems).toEqual([
      'apps/api/src/x.ts:1: NOT_FOUND is thrown with 409; the catalogue says 404',
    ]);
    const web = findProblems(
      'apps/web/src/x.tsx',
      "error.code === 'MADE_UP' || error.code === 'PROMO_CODE'",
      known,
    );
    expect(web.problems).toEqual(['apps/web/src/x.tsx:1: MADE_UP is not in the error catalogue']);
    expect(web.found).toEqual(['MADE_UP', 'PROMO_CODE']);
  });

  it('lets the catalogue’s codes through, with any of their statuses', async () => {
    const known = await knownCodes();
    const source = [
      "new AppError('INVALID_MFA_CODE', 400, 'x'); new AppError('INVALID_MFA_CODE', 401, 'y');",
      "({ internalCode: 'PAYMENT_REFUSED', message: 'x' }); failure.internalCode === 'NETWORK_ERROR';",
    ].join('\n');
    expect(findProblems('apps/web/src/x.ts', source, known).problems).toEqual([]);
  });
});

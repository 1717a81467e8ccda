import { errorCatalogue } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import { AppError } from './errors';

describe('AppError', () => {
  it('takes only the catalogue’s codes (a typecheck error otherwise)', () => {
    // @ts-expect-error: not a code of the error catalogue — `npm run check`'s typecheck refuses it
    const unknown = new AppError('NOT_IN_THE_CATALOGUE', 400, 'x');
    expect(unknown.internalCode).toBe('NOT_IN_THE_CATALOGUE');
  });

  it('says what the throw site says, else the catalogue’s message; of() takes the catalogue’s status', () => {
    expect(new AppError('NOT_FOUND', 404, 'No existe ese plan.').message).toBe('No existe ese plan.');
    expect(new AppError('WRONG_PASSWORD', 400).message).toBe(errorCatalogue.WRONG_PASSWORD.message);
    const error = AppError.of('CHECKOUT_IN_PROGRESS');
    expect([error.statusCode, error.message]).toEqual([409, errorCatalogue.CHECKOUT_IN_PROGRESS.message]);
  });
});

import { type ErrorCode, errorCatalogue, type FieldError } from '@alcancia/contract';

/**
 * The one error type of the API. `internalCode` is the contract with the web (which maps it to
 * the spec's Spanish text) and must be a code of the error catalogue (`errorCatalogue` in
 * packages/contract/src/errors.ts, decision 0310): an unknown code does not typecheck. `message`
 * is the Spanish text the answer carries; without one, the catalogue's.
 */
export class AppError extends Error {
  constructor(
    public readonly internalCode: ErrorCode,
    public readonly statusCode: number,
    message: string = errorCatalogue[internalCode].message,
    public readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The code with the catalogue's status, and its message unless a more precise one is given. */
  static of(internalCode: ErrorCode, message?: string, fields?: FieldError[]) {
    return new AppError(internalCode, errorCatalogue[internalCode].status, message, fields);
  }

  static notFound(message = 'No encontramos lo que buscás.') {
    return new AppError('NOT_FOUND', 404, message);
  }

  static unauthorized(message = 'Tenés que iniciar sesión.') {
    return new AppError('UNAUTHORIZED', 401, message);
  }

  static forbidden(message = 'No tenés acceso a este contenido.') {
    return new AppError('FORBIDDEN', 403, message);
  }

  static invalidData(fields: FieldError[], message = 'Los datos no son válidos. Intenta nuevamente.') {
    return new AppError('INVALID_DATA', 400, message, fields);
  }
}

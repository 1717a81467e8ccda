import type { FieldError, KnownErrorCode } from '@alcancia/contract';

/**
 * The one error type of the API. `internalCode` is the contract with the web
 * (which maps it to the spec's Spanish text); `message` is a Spanish fallback.
 */
export class AppError extends Error {
  constructor(
    public readonly internalCode: KnownErrorCode | (string & {}),
    public readonly statusCode: number,
    message: string,
    public readonly fields?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
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

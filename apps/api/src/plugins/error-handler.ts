import type { ErrorCode, ErrorResponse, FieldError } from '@alcancia/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../errors';

/** Fastify's own 4xx, answered with the error catalogue's codes (decision 0310). */
const clientErrorByStatus: Record<number, { internalCode: ErrorCode; message: string }> = {
  400: { internalCode: 'BAD_REQUEST', message: 'La solicitud no es válida.' },
  401: { internalCode: 'UNAUTHORIZED', message: 'Tenés que iniciar sesión.' },
  403: { internalCode: 'FORBIDDEN', message: 'No tenés acceso a este contenido.' },
  404: { internalCode: 'NOT_FOUND', message: 'No encontramos lo que buscás.' },
  413: { internalCode: 'PAYLOAD_TOO_LARGE', message: 'La solicitud es demasiado grande.' },
  415: { internalCode: 'BAD_REQUEST', message: 'El formato de la solicitud no es válido.' },
  429: {
    internalCode: 'TOO_MANY_REQUESTS',
    message: 'Hiciste demasiados intentos. Esperá un momento y volvé a probar.',
  },
};

function validationFields(error: Extract<FastifyError, { validation?: unknown }>): FieldError[] {
  return (error.validation ?? []).map((issue) => ({
    path: [error.validationContext, ...issue.instancePath.split('/').filter(Boolean)]
      .filter(Boolean)
      .join('.'),
    message: issue.message ?? 'Valor inválido',
  }));
}

/** SQLSTATEs of a server that is going away or not there yet (class 08: connection exceptions). */
const unavailableStates = new Set(['57P01', '57P02', '57P03']);
const unavailableErrnos = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
const unavailableMessages = /^(Connection terminated|Client has encountered a connection error)/;

/**
 * Whether a failure is the database being unreachable (a restart, a failover, a network cut),
 * looking through wrappers (drizzle's query error keeps the driver's as `cause`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (unavailableStates.has(code) || code.startsWith('08') || unavailableErrnos.has(code))
    )
      return true;
    if (unavailableMessages.test(current.message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * One error handler: every failure leaves as `{ internalCode, message }` with the right status.
 * 5xx never carry internals; they are logged with the request id instead.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    let status: number;
    let body: ErrorResponse;
    if (error instanceof AppError) {
      status = error.statusCode;
      body = { internalCode: error.internalCode, message: error.message };
      if (error.fields) body.fields = error.fields;
    } else if (hasZodFastifySchemaValidationErrors(error) || error.validation) {
      status = 400;
      body = {
        internalCode: 'INVALID_DATA',
        message: 'Los datos no son válidos. Intenta nuevamente.',
        fields: validationFields(error),
      };
    } else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      status = error.statusCode;
      body = clientErrorByStatus[status] ?? {
        internalCode: 'BAD_REQUEST',
        message: 'La solicitud no es válida.',
      };
    } else if (isDatabaseUnavailable(error)) {
      // Not a bug: the database is restarting or unreachable. Say so, and that trying again works.
      status = 503;
      body = {
        internalCode: 'SERVICE_UNAVAILABLE',
        message: 'El servicio no está disponible por el momento. Intentá nuevamente en unos minutos.',
      };
      reply.header('retry-after', '5');
    } else {
      status = error.statusCode && error.statusCode >= 500 ? error.statusCode : 500;
      body = {
        internalCode: 'UNEXPECTED_ERROR',
        message: 'Ocurrió un error inesperado. Intentá nuevamente.',
      };
    }
    if (status === 503 && body.internalCode === 'SERVICE_UNAVAILABLE')
      request.log.warn({ err: error }, 'request failed: database unavailable');
    else if (status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ internalCode: body.internalCode, status }, 'request refused');
    return reply.status(status).send(body);
  });
}

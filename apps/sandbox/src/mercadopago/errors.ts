import type { FastifyInstance } from 'fastify';

export interface ErrorCause {
  code: string | number;
  description: string;
  data?: string | null;
}

/**
 * An error answered in Mercado Pago's shape: `{ message, error, status, cause: [...] }`. The
 * official SDK reads exactly these fields into its typed errors (MPBadRequestError and friends).
 */
export class MpApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly error: string,
    readonly causes: ErrorCause[] = [],
  ) {
    super(message);
  }

  body(): { message: string; error: string; status: number; cause: ErrorCause[] } {
    return { message: this.message, error: this.error, status: this.status, cause: this.causes };
  }
}

export function badRequest(message: string, cause?: ErrorCause): MpApiError {
  return new MpApiError(400, message, 'bad_request', cause ? [cause] : []);
}

export function notFound(message: string): MpApiError {
  return new MpApiError(404, message, 'not_found');
}

export function unauthorized(message: string): MpApiError {
  return new MpApiError(401, message, 'unauthorized');
}

/** Answers every failure inside the emulator like the real API, including Fastify's own. */
export function installErrorHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof MpApiError) return reply.status(error.status).send(error.body());
    const { statusCode: status, message } = error as { statusCode?: number; message?: string };
    if (status && status >= 400 && status < 500) {
      return reply
        .status(status)
        .send(new MpApiError(status, message ?? 'Bad request', 'bad_request').body());
    }
    request.log.error({ err: error }, 'mercadopago emulator failure');
    return reply.status(500).send(new MpApiError(500, 'Internal server error', 'internal_error').body());
  });
  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(notFound(`Resource ${request.url} not found.`).body());
  });
}

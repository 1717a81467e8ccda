import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { EmulatorContext } from './context';
import { MpApiError } from './errors';

/**
 * Runs a write once per `X-Idempotency-Key`. A repeated key with the same body gets the first
 * answer again (the same payment, not a new one); with a different body it gets 409, which the SDK
 * raises as MPIdempotencyError. Answers of 401 and 5xx are not remembered, so a retry can succeed.
 */
export async function idempotent(
  context: EmulatorContext,
  scope: string,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => { statusCode: number; body: unknown },
): Promise<unknown> {
  const header = request.headers['x-idempotency-key'];
  const key = Array.isArray(header) ? header[0] : header;
  const execute = (): { statusCode: number; body: unknown } => {
    try {
      return run();
    } catch (error) {
      if (error instanceof MpApiError) return { statusCode: error.status, body: error.body() };
      throw error;
    }
  };
  if (!key) {
    const result = execute();
    return reply.status(result.statusCode).send(result.body);
  }
  const id = `${scope}:${key}`;
  const fingerprint = createHash('sha256')
    .update(JSON.stringify(request.body ?? {}))
    .digest('hex');
  const known = context.store.state.idempotency[id];
  if (known) {
    if (known.fingerprint !== fingerprint) {
      throw new MpApiError(409, 'Idempotency key already used with a different request', 'conflict', [
        { code: 'idempotency_key_conflict', description: 'X-Idempotency-Key reused with another body' },
      ]);
    }
    return reply.status(known.statusCode).send(known.response);
  }
  const result = execute();
  if (result.statusCode !== 401 && result.statusCode < 500) {
    // A snapshot: a replay answers what the first call answered, not the resource as it is now.
    context.store.state.idempotency[id] = {
      fingerprint,
      statusCode: result.statusCode,
      response: structuredClone(result.body),
    };
    context.store.save();
  }
  return reply.status(result.statusCode).send(result.body);
}

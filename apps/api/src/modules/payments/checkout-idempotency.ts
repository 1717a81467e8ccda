import { idempotencyKeyHeader, idempotencyKeyPattern } from '@alcancia/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { checkoutSubmissions } from '../../db/schema';
import { AppError } from '../../errors';

/** What a checkout answers: its HTTP status and body. */
export interface CheckoutAnswer {
  statusCode: number;
  body: unknown;
}

/**
 * Sends a checkout's answer, first or repeated: its status and body as they were (a stored 4xx
 * body is the error handler's `{ internalCode, message }`).
 */
export function sendAnswer(reply: unknown, answer: CheckoutAnswer) {
  return (reply as FastifyReply).code(answer.statusCode).send(answer.body);
}

/** How long a submit with a key already running waits for that first answer. */
const FIRST_ANSWER_WAIT_MS = 45_000;
const POLL_MS = 100;
/** A key still unanswered after this long belongs to a process that stopped (a checkout ends within a minute). */
const ABANDONED_AFTER_S = 120;

const invalidKey = () =>
  new AppError(
    'INVALID_IDEMPOTENCY_KEY',
    400,
    'No pudimos identificar este intento de pago. Recargá la página y probá de nuevo: no se te cobró nada.',
  );

/** The submit's Idempotency-Key header (absent: undefined); a malformed one is refused. */
export function idempotencyKeyOf(request: FastifyRequest): string | undefined {
  const raw = request.headers[idempotencyKeyHeader.toLowerCase()];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !idempotencyKeyPattern.test(raw)) throw invalidKey();
  return raw;
}

/**
 * One answer per checkout attempt (decision 0271). Without a key, `run` runs. With one, the first
 * submit claims it (a primary key: one of any number of parallel submits wins) and runs; its answer
 * is stored, an error the user is told (4xx) included. Every other submit with that key waits for
 * that answer and gets the same status and body, whatever card token it carries: never a second
 * charge. When the first one fails unexpectedly (5xx, or the process stops), the key is given up
 * and the next submit runs again; the checkout's own guards (an order in flight, her purchases)
 * then decide. Her keys older than a day are deleted as she claims a new one.
 */
export async function answerOnce(
  app: FastifyInstance,
  submit: { userId: string; checkout: string; key: string | undefined },
  run: () => Promise<CheckoutAnswer>,
): Promise<CheckoutAnswer> {
  const { key } = submit;
  if (key === undefined) return run();
  const mine = and(
    eq(checkoutSubmissions.userId, submit.userId),
    eq(checkoutSubmissions.checkout, submit.checkout),
    eq(checkoutSubmissions.idempotencyKey, key),
  );
  const deadline = Date.now() + FIRST_ANSWER_WAIT_MS;
  for (;;) {
    await app.db
      .delete(checkoutSubmissions)
      .where(
        and(
          eq(checkoutSubmissions.userId, submit.userId),
          lt(checkoutSubmissions.createdAt, sql`now() - interval '1 day'`),
        ),
      );
    const claimed = await app.db
      .insert(checkoutSubmissions)
      .values({ userId: submit.userId, checkout: submit.checkout, idempotencyKey: key })
      .onConflictDoNothing()
      .returning({ key: checkoutSubmissions.idempotencyKey });
    if (claimed.length > 0) return runAndKeep(app, mine, run);

    // Another submit with this key ran or runs: its answer, once there.
    for (;;) {
      const [stored] = await app.db
        .select({
          statusCode: checkoutSubmissions.statusCode,
          body: checkoutSubmissions.body,
          abandoned: sql<boolean>`${checkoutSubmissions.createdAt} < now() - make_interval(secs => ${ABANDONED_AFTER_S})`,
        })
        .from(checkoutSubmissions)
        .where(mine);
      if (!stored) break; // the first one failed unexpectedly: claim it again
      if (stored.statusCode !== null) return { statusCode: stored.statusCode, body: stored.body };
      if (stored.abandoned) {
        // Its process stopped mid-way: give the key up; the checkout's own guards decide the rest.
        await app.db.delete(checkoutSubmissions).where(and(mine, isNull(checkoutSubmissions.statusCode)));
        break;
      }
      if (Date.now() > deadline) {
        throw new AppError(
          'CHECKOUT_IN_PROGRESS',
          409,
          'Ya estamos procesando otro pago tuyo. Esperá un momento.',
        );
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }
}

async function runAndKeep(
  app: FastifyInstance,
  mine: ReturnType<typeof and>,
  run: () => Promise<CheckoutAnswer>,
): Promise<CheckoutAnswer> {
  const keep = (answer: CheckoutAnswer) =>
    app.db
      .update(checkoutSubmissions)
      .set({ statusCode: answer.statusCode, body: answer.body as Record<string, unknown> })
      .where(mine);
  let answer: CheckoutAnswer;
  try {
    answer = await run();
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) {
      const body = {
        internalCode: error.internalCode,
        message: error.message,
        ...(error.fields ? { fields: error.fields } : {}),
      };
      await keep({ statusCode: error.statusCode, body });
    } else {
      await app.db.delete(checkoutSubmissions).where(mine);
    }
    throw error;
  }
  await keep(answer);
  return answer;
}

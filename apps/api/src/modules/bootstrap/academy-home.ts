import { academyHomeCalls } from '@alcancia/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/**
 * GET /users/me/academy-home (issue 30, decision 0230): the academy home's first calls in one
 * answer. On a slow phone seven calls share the browser's six connections with the page's code,
 * so one of them waits a round trip; this is one request. Each part is answered by the endpoint
 * itself (an in-process request with the caller's authorization): same handler, same checks, same
 * caches, same status and body as the single call, and the same rate limit: each part counts
 * against the academy home's budget as the call it is (decision 0264). Private and never stored.
 *
 * The answer is JSON already written as text (`json`) with its status: a refusal of a part (401,
 * 429) is the answer as a whole.
 */
export async function answerAcademyHome(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<{ status: number; json: string }> {
  const headers = { accept: 'application/json', authorization: request.headers.authorization ?? '' };
  const answers = await Promise.all(
    academyHomeCalls.map((url) => app.inject({ method: 'GET', url, headers, remoteAddress: request.ip })),
  );
  // a session the endpoints refuse (a deleted account's token) is refused as a whole, as they do;
  // so is a part over the academy home's budget (each part counted as a call: read-limits.ts)
  const refused =
    answers.find((answer) => answer.statusCode === 401) ??
    answers.find((answer) => answer.statusCode === 429);
  if (refused) return { status: refused.statusCode, json: refused.body };
  // the parts' bodies are already JSON text: written as they are, not parsed and serialized again
  const parts = answers.map((answer, i) => {
    const json = String(answer.headers['content-type'] ?? '').includes('json') && answer.body !== '';
    const body = json ? answer.body : 'null';
    return `{"url":${JSON.stringify(academyHomeCalls[i])},"status":${answer.statusCode},"body":${body}}`;
  });
  return { status: 200, json: `{"parts":[${parts.join(',')}]}` };
}

/** JSON already written as text: sent as it is (Fastify does not serialize a string again). */
export function sendJsonText(reply: FastifyReply, status: number, json: string): FastifyReply {
  return reply.status(status).type('application/json; charset=utf-8').send(json);
}

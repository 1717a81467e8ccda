import { Writable } from 'node:stream';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { loggerOptions } from '../app';
import { lazyRequestLogger } from './lazy-request-logger';

/** An app logging as production does (level, redaction) into memory, with the lazy request logger. */
async function appLoggingTo(level: string) {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    logger: { ...loggerOptions(level), stream },
    childLoggerFactory: lazyRequestLogger,
  });
  const child = vi.spyOn(app.log as FastifyBaseLogger, 'child');
  app.get('/quiet', async (request) => {
    request.log.info({ note: 'only at info' }, 'detail');
    return { ok: true };
  });
  app.get('/loud', async (request) => {
    request.log.warn({ user: { password: 'secreto', name: 'Ana' } }, 'something odd');
    return { ok: true };
  });
  app.get('/chatty', { logLevel: 'debug' }, async (request) => {
    request.log.debug('route-level debug');
    return { ok: true };
  });
  await app.ready();
  return { app, lines, child };
}

describe('request logger', () => {
  it('writes a request line with its request id and redaction, building the child only then', async () => {
    const { app, lines, child } = await appLoggingTo('warn');
    await app.inject({ url: '/quiet' });
    expect(lines).toEqual([]);
    expect(child).not.toHaveBeenCalled();

    const answer = await app.inject({ url: '/loud' });
    expect(answer.statusCode).toBe(200);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      level: 40,
      msg: 'something odd',
      reqId: expect.any(String),
      user: { password: '[oculto]', name: 'Ana' },
    });
    expect(child).toHaveBeenCalledTimes(1);
    await app.close();
  });

  it('logs the path of a request, never its query string (login codes, file signatures)', async () => {
    const { app, lines } = await appLoggingTo('info');
    await app.inject({ url: '/quiet?email=ana%40example.com&verification_code=654321' });
    const incoming = lines.find((line) => line.req);
    expect(incoming?.req).toMatchObject({ method: 'GET', url: '/quiet' });
    expect(JSON.stringify(lines)).not.toContain('654321');
    await app.close();
  });

  it('writes every level the logger is set to, and honours a route’s own level', async () => {
    const { app, lines } = await appLoggingTo('info');
    await app.inject({ url: '/quiet' });
    // Fastify's own lines of the request (incoming, completed) and the route's, all with its id.
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'detail', 'request completed']);
    expect(new Set(lines.map((line) => line.reqId)).size).toBe(1);
    expect(lines[1]).toMatchObject({ level: 30, note: 'only at info', reqId: expect.any(String) });
    await app.inject({ url: '/chatty' });
    expect(lines.find((line) => line.msg === 'route-level debug')).toMatchObject({ level: 20 });
    await app.close();
  });
});

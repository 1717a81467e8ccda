/**
 * Child process of access-log.test.ts: the API's logger (asynchronous stdout) writes N lines in
 * one go, then the process crashes on an exception nobody catches.
 * Usage: node --import tsx test/log-crash-fixture.ts <lines>
 */
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { loggerOptions } from '../src/app';
import { exitOnFatalErrors, logDestination } from '../src/lib/logging';

const logger = pino(loggerOptions('info'), logDestination()) as unknown as FastifyBaseLogger;
exitOnFatalErrors(logger);
const count = Number(process.argv[2] ?? 1000);
for (let i = 0; i < count; i++) logger.info({ i, filler: 'x'.repeat(100) }, 'a line before the crash');
setImmediate(() => {
  throw new Error('boom');
});

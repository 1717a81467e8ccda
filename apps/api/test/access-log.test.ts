import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app';
import type { DbHandle } from '../src/db/client';
import { logDestination } from '../src/lib/logging';
import { goodPassword, login, newSession, register, uniqueEmail } from './accounts';
import { createTestDatabase, ownAppTimeout, testConfig } from './helpers';

type Line = Record<string, unknown>;

const apiDir = path.resolve(import.meta.dirname, '..');
const tempDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-access-log-'));

/** The real app logging at `info` as production does (level, redaction), into memory. */
let app: FastifyInstance;
let database: DbHandle;
const lines: Line[] = [];
beforeAll(async () => {
  database = await createTestDatabase();
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({
    config: testConfig({ LOG_LEVEL: 'info' }),
    database,
    logger: { ...loggerOptions('info'), stream },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await database?.close();
  rmSync(tempDir, { recursive: true, force: true });
});

/** The lines one call writes. */
async function linesOf(call: () => Promise<unknown>): Promise<Line[]> {
  const from = lines.length;
  await call();
  return lines.slice(from);
}

const accessLines = (written: Line[]) => written.filter((line) => line.msg === 'request completed');

describe('the access log', () => {
  it('writes exactly one line per request: method, route pattern, status, duration, ids', async () => {
    const { credentials } = await newSession(app);
    const written = await linesOf(() =>
      app.inject({
        url: '/api/academy/courses?page=1&size=5&email=ana%40example.com',
        headers: { authorization: `Bearer ${credentials.accessToken}` },
      }),
    );
    expect(written).toHaveLength(1);
    const [line] = written;
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: process.pid,
      hostname: os.hostname(),
      reqId: expect.stringMatching(/^[\w-]{8,64}$/),
      method: 'GET',
      route: '/api/academy/courses',
      status: 200,
      durationMs: expect.any(Number),
      userId: credentials.userId,
      msg: 'request completed',
    });
    expect(JSON.stringify(line)).not.toContain('ana');

    // the pattern of a route with parameters, not the path that was asked for
    const [course] = accessLines(
      await linesOf(() =>
        app.inject({
          url: '/api/academy/curso-que-no-existe?preview=1',
          headers: { authorization: `Bearer ${credentials.accessToken}` },
        }),
      ),
    );
    expect(course).toMatchObject({ route: '/api/academy/:courseId', status: expect.any(Number) });
    expect(JSON.stringify(course)).not.toContain('curso-que-no-existe');

    // the request id is the one the answer carries
    const answer = await app.inject({
      url: '/api/academy/courses',
      headers: { 'x-request-id': 'trace-1234567' },
    });
    expect(answer.headers['x-request-id']).toBe('trace-1234567');
    expect(accessLines(lines).at(-1)).toMatchObject({ reqId: 'trace-1234567' });
  });

  it('never writes a token, a password or a code, even sent in the query or the headers', async () => {
    const email = uniqueEmail();
    const secrets = [goodPassword, 'SECRETO-en-la-query-1234', 'cookie-secreta-5678', '654321'];
    const { credentials } = await newSession(app);
    secrets.push(credentials.accessToken, credentials.refreshToken);
    const written = await linesOf(async () => {
      await register(app, { email });
      await login(app, email);
      await login(app, email, 'NoEsLaClave99');
      await app.inject({
        url: `/api/academy/courses?token=${credentials.accessToken}&password=${goodPassword}&access_token=SECRETO-en-la-query-1234`,
        headers: {
          authorization: `Bearer ${credentials.accessToken}`,
          cookie: 'refresh=cookie-secreta-5678',
          'x-signature': 'ts=1,v1=cookie-secreta-5678',
        },
      });
      await app.inject({ url: `/api/users/credentials?email=${email}&verification_code=654321` });
      await app.inject({
        method: 'POST',
        url: '/api/users/refreshToken',
        payload: { refreshToken: credentials.refreshToken },
      });
    });
    expect(accessLines(written)).toHaveLength(6);
    const text = JSON.stringify(written);
    for (const secret of secrets) expect(text).not.toContain(secret);
    expect(text).not.toContain('?');
  });

  it('names the user when the request carried a valid access token, and nobody otherwise', async () => {
    const { credentials } = await newSession(app);
    const bearer = { authorization: `Bearer ${credentials.accessToken}` };
    const [mine] = await linesOf(() => app.inject({ url: '/api/academy/courses', headers: bearer }));
    expect(mine).toMatchObject({ route: '/api/academy/courses', status: 200, userId: credentials.userId });

    const [anonymous] = await linesOf(() => app.inject({ url: '/api/remote-config/feature-flags' }));
    expect(anonymous).toMatchObject({ route: '/api/remote-config/feature-flags', status: 200 });
    expect(anonymous).not.toHaveProperty('userId');
    const invalid = accessLines(
      await linesOf(() =>
        app.inject({ url: '/api/academy/courses', headers: { authorization: 'Bearer not.a.token' } }),
      ),
    );
    expect(invalid).toEqual([expect.objectContaining({ status: 401 })]);
    expect(invalid[0]).not.toHaveProperty('userId');
  });

  it('keeps every other line as before: refusals, unknown paths, and the quiet health checks', async () => {
    const refused = await linesOf(() => app.inject({ url: '/api/users' }));
    expect(refused.map((line) => line.msg)).toEqual(['request refused', 'request completed']);
    expect(new Set(refused.map((line) => line.reqId)).size).toBe(1);
    expect(refused[1]).toMatchObject({ status: 401 });

    const unknown = accessLines(await linesOf(() => app.inject({ url: '/api/no-existe/abc?x=1' })));
    expect(unknown).toEqual([expect.objectContaining({ route: '(not found)', status: 404 })]);
    expect(JSON.stringify(unknown)).not.toContain('no-existe');

    // routes whose own level is warn (load balancer probes) write nothing when they answer
    expect(await linesOf(() => app.inject({ url: '/api/health' }))).toEqual([]);
  });
});

describe('flushing the asynchronous log', () => {
  it(
    'writes every line logged before close to the destination when the app closes',
    ownAppTimeout,
    async () => {
      const file = path.join(tempDir, 'app.log');
      const fileDatabase = await createTestDatabase();
      const fileApp = await buildApp({
        config: testConfig({ LOG_LEVEL: 'info' }),
        database: fileDatabase,
        logger: { ...loggerOptions('info'), stream: logDestination(file) },
      });
      await fileApp.ready();
      const requests = 300;
      await Promise.all(
        Array.from({ length: requests }, () => fileApp.inject({ url: '/api/academy/courses?page=1' })),
      );
      fileApp.log.info({ marker: 'last' }, 'the last line before close');
      await fileApp.close();
      // read at once: no waiting for the asynchronous writes beyond what close did
      const written = readFileSync(file, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Line);
      await fileDatabase.close();
      expect(accessLines(written)).toHaveLength(requests);
      expect(written.at(-1)).toMatchObject({ marker: 'last' });
    },
  );

  it('writes what was logged before a crash, then the crash at fatal, and exits with 1', {
    timeout: 60_000,
  }, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'test/log-crash-fixture.ts', '20000'], {
      cwd: apiDir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = collect(child);
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const written = output.stdout().split('\n').filter(Boolean);
    expect(code).toBe(1);
    expect(written).toHaveLength(20_001);
    expect(JSON.parse(written.at(-1) ?? '{}')).toMatchObject({
      level: 60,
      msg: 'fatal error, exiting',
      err: { message: 'boom' },
    });
  });

  it('the server writes every access line and its last lines before it exits on SIGTERM', {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      NODE_ENV: 'development',
      LOG_LEVEL: 'info',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: path.join(tempDir, 'server-data'),
      SEED_DEMO_DATA: 'false',
      RATE_LIMIT_ENABLED: 'false',
      WEB_CONCURRENCY: '1',
    };
    delete env.DATABASE_URL;
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: apiDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = collect(child);
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
    await waitForHealth(port, child);
    const requests = 2_000;
    const url = `http://127.0.0.1:${port}/api/academy/courses?page=1`;
    for (let sent = 0; sent < requests; sent += 50) {
      await Promise.all(Array.from({ length: 50 }, () => fetch(url).then((r) => r.arrayBuffer())));
    }
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    const written = output
      .stdout()
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Line);
    const access = accessLines(written).filter((line) => line.route === '/api/academy/courses');
    expect(access).toHaveLength(requests);
    expect(written.find((line) => line.msg === 'shutting down')).toMatchObject({ signal: 'SIGTERM' });
  });
});

function collect(child: ChildProcess) {
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => {
    stdout += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    stderr += chunk;
  });
  return { stdout: () => stdout, stderr: () => stderr };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  // a first boot migrates a fresh embedded database: allow two minutes on a busy machine
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('server did not start');
}

import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { startHostedCheckout, startMercadoPagoEmulator, startOidcMock } from '@alcancia/sandbox';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const apiDir = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-proc-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

function startServer(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...process.env, LOG_LEVEL: 'warn', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

async function waitForHealth(port: number, child: ChildProcess): Promise<Response> {
  // a first boot migrates and seeds the demo catalogue: allow two minutes on a busy machine
  for (let i = 0; i < 480; i++) {
    if (child.exitCode !== null) throw new Error('server exited');
    try {
      return await fetch(`http://127.0.0.1:${port}/api/health`);
    } catch {
      await new Promise((r) => setTimeout(r, 250));
    }
  }
  throw new Error('server did not start');
}

describe('the server process', () => {
  it('stops at boot with a message naming each bad variable', async () => {
    const proc = startServer({ PORT: 'abc', LOG_LEVEL: 'ruidoso' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('PORT');
    expect(proc.output()).toContain('LOG_LEVEL');
  }, 90_000);

  it('refuses more than one process on the embedded database, saying why', async () => {
    const proc = startServer({ WEB_CONCURRENCY: '2', DATABASE_URL: '' });
    expect(await proc.exited).toBe(1);
    expect(proc.output()).toContain('WEB_CONCURRENCY: más de un proceso necesita DATABASE_URL');
  }, 90_000);

  it('serves health and closes gracefully on SIGTERM', async () => {
    const port = await freePort();
    const proc = startServer({ PORT: String(port) });
    const res = await waitForHealth(port, proc.child);
    expect(res.status).toBe(200);
    proc.child.kill('SIGTERM');
    expect(await proc.exited).toBe(0);
  }, 60_000);
});

/** One GET on a connection of its own (the cluster hands out connections, not requests). */
async function getOnNewConnection(port: number, urlPath: string, requestId: string): Promise<number> {
  return (await readOnNewConnection(port, urlPath, { 'x-request-id': requestId })).status;
}

function readOnNewConnection(
  port: number,
  urlPath: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(
      { host: '127.0.0.1', port, path: urlPath, agent: false, headers },
      (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => {
          body += chunk;
        });
        response.once('end', () => resolve({ status: response.statusCode ?? 0, body }));
      },
    );
    request.once('error', reject);
  });
}

/** The value of the sample `name{…}` whose labels include every given one (Prometheus text). */
function sampleValue(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

/** The JSON lines of a process's output (pino), skipping anything else. */
function logLines(output: string): Record<string, unknown>[] {
  return output.split('\n').flatMap((line) => {
    try {
      return line.startsWith('{') ? [JSON.parse(line) as Record<string, unknown>] : [];
    } catch {
      return [];
    }
  });
}

async function waitFor<T>(
  what: string,
  probe: () => T | undefined | Promise<T | undefined>,
  ms = 120_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

// node:cluster needs the PostgreSQL server (CI runs `npm test` with DATABASE_URL); without it
// the block is not defined at all (the embedded database's refusal is tested above).
if (process.env.DATABASE_URL)
  describe('WEB_CONCURRENCY=2 (node:cluster) on a fresh server database', () => {
    const adminUrl = process.env.DATABASE_URL ?? '';
    const name = `alcancia_cluster_${randomBytes(4).toString('hex')}`;
    // The describe's body runs (to collect) even when skipped, without DATABASE_URL.
    const databaseUrl = (() => {
      if (!adminUrl) return '';
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      return url.toString();
    })();
    const secrets = {
      accessToken: 'TEST-cluster-access-token',
      publicKey: 'TEST-cluster-public-key',
      webhookSecret: 'cluster-webhook-secret-0123456789',
      hostedSecret: 'cluster-hosted-secret-0123456789',
    };
    let port = 0;
    const standIns = { mercadoPago: '', hostedCheckout: '', oidcIssuer: '', close: async () => {} };
    const admin = () => new pg.Client({ connectionString: adminUrl });
    const metricsToken = 'cluster-metrics-token-0123456789abcdef';

    beforeAll(async () => {
      port = await freePort();
      const client = admin();
      await client.connect();
      await client.query(`create database ${name}`);
      await client.end();
      // More than one process keeps the stand-ins outside (config.ts): one of each, like the providers.
      const emulator = await startMercadoPagoEmulator({
        accessToken: secrets.accessToken,
        publicKey: secrets.publicKey,
        webhookSecret: secrets.webhookSecret,
        notificationUrl: `http://127.0.0.1:${port}/api/payments/webhooks/mercadopago`,
      });
      const hosted = await startHostedCheckout({ secret: secrets.hostedSecret });
      const oidc = await startOidcMock();
      standIns.mercadoPago = emulator.url;
      standIns.hostedCheckout = hosted.url;
      standIns.oidcIssuer = oidc.issuer;
      standIns.close = async () => {
        await emulator.close();
        await hosted.close();
        await oidc.close();
      };
    });
    afterAll(async () => {
      await standIns.close();
      const client = admin();
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    });

    it('migrates and seeds once, answers from two workers, replaces a killed one, drains all on SIGTERM', async () => {
      const proc = startServer({
        WEB_CONCURRENCY: '2',
        DATABASE_URL: databaseUrl,
        PORT: String(port),
        LOG_LEVEL: 'info',
        METRICS_TOKEN: metricsToken,
        JWT_SECRET: 'cluster-test-secret-that-is-long-enough-0123',
        MERCADOPAGO_ACCESS_TOKEN: secrets.accessToken,
        MERCADOPAGO_PUBLIC_KEY: secrets.publicKey,
        MERCADOPAGO_WEBHOOK_SECRET: secrets.webhookSecret,
        MERCADOPAGO_BASE_URL: standIns.mercadoPago,
        HOSTED_CHECKOUT_URL: standIns.hostedCheckout,
        HOSTED_CHECKOUT_SECRET: secrets.hostedSecret,
        GOOGLE_CLIENT_ID: 'alcancia-dev',
        GOOGLE_CLIENT_SECRET: 'dev-secret',
        GOOGLE_ISSUER: standIns.oidcIssuer,
        FACEBOOK_CLIENT_ID: 'alcancia-dev',
        FACEBOOK_CLIENT_SECRET: 'dev-secret',
        FACEBOOK_AUTHORIZATION_URL: `${standIns.oidcIssuer}/authorize`,
        FACEBOOK_TOKEN_URL: `${standIns.oidcIssuer}/token`,
        FACEBOOK_ME_URL: `${standIns.oidcIssuer}/userinfo`,
      });
      const lines = () => logLines(proc.output());
      try {
        const ready = await waitFor('the primary to say it is ready', () =>
          lines().find((l) => l.msg === 'Alcancía lista' && l.role === 'primary'),
        );
        const primaryPid = ready.pid as number;
        expect(primaryPid).toBe(proc.child.pid);
        const workers = ready.workerPids as number[];
        expect(new Set(workers).size).toBe(2);
        expect(workers).not.toContain(primaryPid);
        // Each worker logs this once its demo charges are done (or found done, under the lock).
        await waitFor('both workers past the demo charges', () =>
          lines().filter((l) => l.msg === 'worker listening').length >= 2 ? true : undefined,
        );

        /** Which worker pids answered `n` requests, each on a new connection (the access log names them). */
        const answeringPids = async (label: string, n: number) => {
          for (let i = 0; i < n; i++) {
            expect(
              await getOnNewConnection(port, '/api/remote-config/feature-flags', `${label}-${i}-probe`),
            ).toBe(200);
          }
          return waitFor(`the access lines of ${label}`, () => {
            const answered = lines().filter((l) => String(l.reqId ?? '').startsWith(`${label}-`));
            return answered.length === n ? new Set(answered.map((l) => l.pid as number)) : undefined;
          });
        };
        expect([...(await answeringPids('first', 20))].sort()).toEqual([...workers].sort());

        // /metrics is the deployment's, whichever worker answers: the 20 requests above were
        // shared by both workers, and every scrape counts all of them; ?scope=process only its own.
        const flagsOk = { route: '/api/remote-config/feature-flags', status_code: '200' };
        const auth = { authorization: `Bearer ${metricsToken}` };
        for (let i = 0; i < 4; i++) {
          const scrape = await readOnNewConnection(port, '/metrics', auth);
          expect(scrape.status).toBe(200);
          expect(sampleValue(scrape.body, 'alcancia_http_request_duration_seconds_count', flagsOk)).toBe(20);
          expect(sampleValue(scrape.body, 'alcancia_mail_outbox_pending', {}) ?? 0).toBeGreaterThanOrEqual(0);
        }
        const own = await readOnNewConnection(port, '/metrics?scope=process', auth);
        const ownCount = sampleValue(own.body, 'alcancia_http_request_duration_seconds_count', flagsOk) ?? 0;
        expect(ownCount).toBeGreaterThan(0);
        expect(ownCount).toBeLessThan(20);

        // Once: every migration recorded one time, and one demo subscription per demo account.
        const client = new pg.Client({ connectionString: databaseUrl });
        await client.connect();
        const [migrations, orders] = await Promise.all([
          client.query<{ n: number; distinct: number }>(
            'select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations',
          ),
          client.query<{ email: string; n: number }>(
            `select u.email, count(*)::int as n from payment_orders o join users u on u.id = o.user_id
            where u.email like '%@alcancia.local' group by u.email order by u.email`,
          ),
        ]).finally(() => client.end());
        const journal = JSON.parse(
          readFileSync(path.join(apiDir, 'src/db/migrations/meta/_journal.json'), 'utf8'),
        ) as { entries: unknown[] };
        expect(migrations.rows[0]).toEqual({ n: journal.entries.length, distinct: journal.entries.length });
        expect(orders.rows).toEqual([
          { email: 'cancelada@alcancia.local', n: 1 },
          { email: 'morosa@alcancia.local', n: 1 },
          { email: 'suscriptora@alcancia.local', n: 1 },
        ]);

        // A worker killed outright is replaced, and the new one takes connections.
        const [killed, survivor] = workers as [number, number];
        process.kill(killed, 'SIGKILL');
        const replacement = await waitFor('a replacement worker', () => {
          const fresh = lines().find(
            (l) => l.msg === 'worker listening' && !workers.includes(l.pid as number),
          );
          return fresh ? (fresh.pid as number) : undefined;
        });
        expect(lines().some((l) => l.msg === 'worker died; starting another' && l.workerPid === killed)).toBe(
          true,
        );
        expect([...(await answeringPids('after-kill', 20))].sort()).toEqual([survivor, replacement].sort());

        // SIGTERM to the primary: every worker drains, then the primary leaves with 0.
        proc.child.kill('SIGTERM');
        expect(await proc.exited).toBe(0);
        const drained = lines()
          .filter((l) => l.msg === 'shutting down')
          .map((l) => l.pid);
        expect(drained.sort()).toEqual([survivor, replacement].sort());
        expect(lines().some((l) => l.msg === 'all workers stopped' && l.pid === primaryPid)).toBe(true);
      } finally {
        if (proc.child.exitCode === null) proc.child.kill('SIGKILL');
      }
    }, 240_000);
  });

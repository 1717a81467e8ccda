import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { Credentials } from '@alcancia/contract';
import { type RunningMercadoPagoEmulator, startMercadoPagoEmulator } from '@alcancia/sandbox';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../src/app';
import { prepareDatabase } from '../../src/boot';
import { loadConfig } from '../../src/config';
import type { DbHandle } from '../../src/db/client';
import { reconcileOrders } from '../../src/modules/payments/reconcile-orders';
import { uniqueEmail } from '../accounts';
import { cardToken, eventually, freePort, MP } from '../payments';
import { report } from './report';

/**
 * Fault: the API killed with SIGKILL during payments and webhooks (issue 21). Mercado Pago (the
 * emulator, standalone in this test process) outlives the API, which runs as its own process
 * (`src/server.ts`, demo data) on a throw-away database: a database cloned from the migrated
 * template on DATABASE_URL's server, or an embedded PGlite folder without it.
 *
 * At the kill, card payments are being created at the provider (their create calls are slowed
 * down by an emulator fault, so the API never hears the answer) and settlement webhooks are being
 * processed (their re-fetch is slowed down the same way); the provider's webhook retries then find
 * nobody. The API starts again on the same database and port and, as it starts, asks the provider
 * about the orders left behind (`reconcileOrders` with `startedAt`, decision 0279; nobody calls it
 * here). Then, per order: charged at most once, paid and granted exactly when the
 * provider holds an approved payment, and the same payments on both sides.
 */

const apiDir = path.resolve(import.meta.dirname, '../..');
const PROGRAM = 'programa-inversora-inteligente';
const SETTLING = 4; // pending payments whose settlement webhook is in flight at the kill
const CREATING = 4; // card payments being created at the provider at the kill
const SLOW_MS = 1200;
const JWT_SECRET = 'sigkill-test-secret-that-is-long-enough-0123';

let emulator: RunningMercadoPagoEmulator | null = null;
let child: ChildProcess | null = null;
let childOutput = '';
let app: FastifyInstance | null = null;
let restartedDb: DbHandle | null = null;
let dataDir: string | null = null;
let dropDatabase: (() => Promise<void>) | null = null;
let env: Record<string, string> = {};
let base = '';
const logLines: { level: number; msg: string }[] = [];

/** A database of this test's own: cloned from the template on the server, or a PGlite folder. */
async function throwAwayDatabase(): Promise<Record<string, string>> {
  const template = inject('dbTemplate');
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'alcancia-sigkill-'));
  if (template.kind === 'pglite') return { DATA_DIR: dataDir };
  const name = `alcancia_t_${process.ppid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: template.url });
  await admin.connect();
  try {
    await admin.query(`create database ${name} template ${template.template}`);
  } finally {
    await admin.end();
  }
  dropDatabase = async () => {
    const drop = new pg.Client({ connectionString: template.url });
    await drop.connect();
    await drop.query(`drop database if exists ${name} with (force)`).finally(() => drop.end());
  };
  const url = new URL(template.url);
  url.pathname = `/${name}`;
  return { DATABASE_URL: url.toString(), DATA_DIR: dataDir };
}

function startApiProcess(): ChildProcess {
  const inherited = { ...process.env };
  // Only what this test sets: no database, mail, Redis or process count of the surrounding run.
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'REDIS_URL', 'WEB_CONCURRENCY', 'PUBLIC_URL'])
    delete inherited[name];
  const started = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: apiDir,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  started.stdout?.on('data', (chunk) => {
    childOutput += chunk;
  });
  started.stderr?.on('data', (chunk) => {
    childOutput += chunk;
  });
  child = started;
  return started;
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  emulator = await startMercadoPagoEmulator({
    ...MP,
    notificationUrl: `${base}/api/payments/webhooks/mercadopago`,
  });
  env = {
    ...(await throwAwayDatabase()),
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    JWT_SECRET,
    RATE_LIMIT_ENABLED: 'false',
    SEED_DEMO_DATA: 'true',
    MERCADOPAGO_ACCESS_TOKEN: MP.accessToken,
    MERCADOPAGO_PUBLIC_KEY: MP.publicKey,
    MERCADOPAGO_WEBHOOK_SECRET: MP.webhookSecret,
    MERCADOPAGO_BASE_URL: emulator.url,
    MERCADOPAGO_MAX_RETRIES: '0',
  };
  const api = startApiProcess();
  // Listening, and done with its start-up work (migrations, demo seed, demo charges).
  await eventually(async () => {
    if (api.exitCode !== null) throw new Error(`the API exited at start:\n${childOutput}`);
    expect(childOutput).toContain('Alcancía lista');
  }, 120_000);
}, 180_000);

afterAll(async () => {
  // Always: the API process (if still alive), the restarted app, the emulator, the database.
  if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await app?.close().catch(() => undefined);
  await restartedDb?.close().catch(() => undefined);
  await emulator?.close().catch(() => undefined);
  await dropDatabase?.().catch(() => undefined);
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function http(method: string, url: string, body?: unknown, token?: string) {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}

async function newBuyer(): Promise<Credentials & { email: string }> {
  const email = uniqueEmail('sigkill');
  const reg = await http('POST', '/api/users/register', {
    name: 'Ana Pérez',
    email,
    password: 'Secreta123',
    country: 'AR',
    telephone: '1123456789',
  });
  expect(reg.status).toBe(201);
  const login = await http('POST', '/api/users/login', { email, password: 'Secreta123' });
  expect(login.status).toBe(200);
  return { ...(login.body as unknown as Credentials), email };
}

const payProgram = async (token: string, cardholder: string) =>
  http(
    'POST',
    '/api/users/mercadopago/payment/program',
    {
      programId: PROGRAM,
      cardDetails: {
        identification: { type: 'DNI', number: '12345678' },
        issuerId: '310',
        paymentMethodId: 'visa',
        cardTokenId: await cardToken(emulator as RunningMercadoPagoEmulator, cardholder),
      },
      installments: 1,
    },
    token,
  );

interface OrderState {
  id: string;
  userId: string;
  status: string;
  payments: string[];
  granted: boolean;
}

async function ordersOf(db: DbHandle, userIds: string[]): Promise<OrderState[]> {
  const { rows } = await db.db.execute<{
    id: string;
    user_id: string;
    status: string;
    payments: string[] | null;
    granted: boolean;
  }>(sql`
    select o.id, o.user_id, o.status,
           array(select p.provider_payment_id || ':' || p.status from payments p where p.order_id = o.id order by 1) as payments,
           exists(select 1 from user_purchases up where up.user_id = o.user_id and up.product_id = o.item_id) as granted
      from payment_orders o
     where o.kind = 'program' and o.user_id in (${sql.join(
       userIds.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})`);
  return rows.map((r) => ({
    id: r.id,
    userId: r.user_id,
    status: r.status,
    payments: r.payments ?? [],
    granted: r.granted,
  }));
}

/** The provider's payments of an order (`program:<order id>`), as `id:status`. */
const providerPaymentsOf = (orderId: string) =>
  Object.values((emulator as RunningMercadoPagoEmulator).control.state().payments)
    .filter((p) => p.external_reference === `program:${orderId}`)
    .map((p) => `${p.id}:${p.status}`)
    .sort();

/** Where the database and the provider disagree about an order (empty: they agree). */
function disagreement(order: OrderState): string[] {
  const atProvider = providerPaymentsOf(order.id);
  const approved = atProvider.filter((p) => p.endsWith(':approved'));
  const problems: string[] = [];
  if (approved.length > 1) problems.push(`charged ${approved.length} times`);
  if (JSON.stringify(order.payments) !== JSON.stringify(atProvider))
    problems.push(`payments ${JSON.stringify(order.payments)} here, ${JSON.stringify(atProvider)} there`);
  if ((approved.length === 1) !== (order.status === 'paid')) problems.push(`status ${order.status}`);
  if ((approved.length === 1) !== order.granted) problems.push(`granted ${order.granted}`);
  return problems;
}

describe('the API killed with SIGKILL during payments and webhooks', () => {
  it('loses no order and charges none twice: after a restart and a reconciliation both sides agree', {
    timeout: 180_000,
  }, async () => {
    const mp = emulator as RunningMercadoPagoEmulator;
    const settling = await Promise.all(Array.from({ length: SETTLING }, newBuyer));
    const creating = await Promise.all(Array.from({ length: CREATING }, newBuyer));
    const buyers = [...settling, ...creating];

    // Pending card payments (in review at the provider): answered 202 before the kill.
    for (const buyer of settling) expect((await payProgram(buyer.accessToken, 'CONT')).status).toBe(202);
    const pendingIds = Object.values(mp.control.state().payments)
      .filter(
        (p) =>
          p.status === 'in_process' && p.payer?.email && settling.some((b) => b.email === p.payer?.email),
      )
      .map((p) => p.id);
    expect(pendingIds).toHaveLength(SETTLING);

    // Their own notifications are in: the next ones are the settlements below.
    await eventually(async () => {
      expect(mp.control.deliveries().filter((d) => !d.delivered && d.attempts < 3)).toEqual([]);
    }, 10_000);

    // On PostgreSQL, one settlement is caught between its two transactions: its payment is
    // stored as approved, and the grant waits on a row lock held here (as a slow transaction
    // would hold it) when the process dies. PGlite has no second connection to hold it with.
    let halfway: pg.Client | null = null;
    if (env.DATABASE_URL) {
      halfway = new pg.Client({ connectionString: env.DATABASE_URL });
      await halfway.connect();
      const buyer = settling[0] as Credentials;
      await halfway.query('begin');
      await halfway.query(
        `select id from payment_orders where user_id = $1 and kind = 'program' for no key update`,
        [buyer.userId],
      );
      mp.control.settlePayment(pendingIds[0] as number, 'approved');
      await eventually(async () => {
        const { rows } = await (halfway as pg.Client).query(
          `select 1 from payments where provider_payment_id = $1 and status = 'approved'`,
          [String(pendingIds[0])],
        );
        expect(rows).toHaveLength(1);
      }, 10_000);
    }
    const settlingNow = halfway ? pendingIds.slice(1) : pendingIds;

    // The moment of the kill: creations and settlement re-fetches held at the provider.
    mp.control.injectFault({ delayMs: SLOW_MS, method: 'POST', path: '/v1/payments', times: CREATING });
    mp.control.injectFault({
      delayMs: SLOW_MS,
      method: 'GET',
      path: '/v1/payments/',
      times: settlingNow.length,
    });
    const answered: number[] = [];
    const inFlight = creating.map((buyer) =>
      payProgram(buyer.accessToken, 'APRO').then(
        (res) => answered.push(res.status),
        () => answered.push(0),
      ),
    );
    for (const id of settlingNow) mp.control.settlePayment(id, 'approved');
    await eventually(async () => {
      const held = mp.control.requests().filter((r) => r.fault !== null && r.status === null);
      expect(held.length).toBe(CREATING + settlingNow.length);
    }, 10_000);
    const killedAt = Date.now();
    const api = child as ChildProcess;
    const exited = new Promise((resolve) => api.once('exit', resolve));
    api.kill('SIGKILL');
    await exited;
    // The dead process's transaction cannot commit (no COMMIT will come): releasing the lock ends it.
    await halfway?.query('rollback');
    await halfway?.end();
    await Promise.all(inFlight);
    expect(answered.every((status) => status === 0)).toBe(true);

    // The provider charges anyway and notifies nobody (its retries end while the API is down).
    await eventually(async () => {
      const charged = Object.values(mp.control.state().payments).filter(
        (p) => p.status === 'approved' && creating.some((b) => b.email === p.payer?.email),
      );
      expect(charged).toHaveLength(CREATING);
      const undelivered = mp.control.deliveries().filter((d) => !d.delivered && d.attempts < 3);
      expect(undelivered).toEqual([]);
    }, 15_000);

    // Restart: the same configuration, database and port (as `npm start` would, in process here).
    const restartAt = Date.now();
    const config = loadConfig({ ...env, LOG_LEVEL: 'info' });
    const prepared = await prepareDatabase(config);
    restartedDb = prepared.database;
    const logs = new Writable({
      write(chunk, _encoding, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          const { level, msg } = JSON.parse(line) as { level: number; msg: string };
          logLines.push({ level, msg });
        }
        done();
      },
    });
    // What the dead process left, read before the new one starts (it reconciles as it starts).
    const userIds = buyers.map((b) => b.userId);
    const before = await ordersOf(restartedDb, userIds);
    app = await buildApp({ config, database: restartedDb, logger: { level: 'info', stream: logs } });
    await app.listen({ port: config.port, host: config.host });
    const restartMs = Date.now() - restartAt;

    expect(before).toHaveLength(SETTLING + CREATING);
    const drifted = before.filter((order) => disagreement(order).length > 0).length;
    // Every order was left behind: none was paid, each disagrees with the provider.
    expect(drifted).toBe(SETTLING + CREATING);
    if (halfway) {
      const caught = before.filter(
        (o) => o.payments.some((p) => p.endsWith(':approved')) && o.status !== 'paid',
      );
      expect(caught).toHaveLength(1);
    }

    // Nobody calls the reconciliation: the restarted process asks about the orders in flight
    // before it as it starts (decision 0279), and says so.
    const reconcileAt = Date.now();
    const startLine = /^reconciled (\d+) of (\d+) orders$/;
    await eventually(async () => {
      expect(logLines.some((line) => startLine.test(line.msg))).toBe(true);
    }, 60_000);
    const reconcileMs = Date.now() - reconcileAt;
    const [, reconciledAtStart, checkedAtStart] =
      logLines.map((line) => startLine.exec(line.msg)).find((match) => match !== null) ?? [];
    const first = { reconciled: Number(reconciledAtStart), checked: Number(checkedAtStart), failed: 0 };
    const second = await reconcileOrders(app, { minAgeMs: 0 });

    const after = await ordersOf(restartedDb, userIds);
    const problems = after.flatMap((order) => disagreement(order).map((p) => `${order.id}: ${p}`));
    if (problems.length > 0) {
      const { rows: history } = await restartedDb.db.execute(
        sql`select h.order_id, h.from_status, h.to_status, h.actor, h.reason, h.created_at,
                     p.granted_at, p.status as payment_status
                from payment_status_history h left join payments p on p.id = h.payment_id
               where h.order_id in (${sql.join(
                 after.filter((o) => disagreement(o).length > 0).map((o) => sql`${o.id}::uuid`),
                 sql`, `,
               )}) order by h.created_at`,
      );
      report('disagreeing orders', { before, history });
      report(
        'restart log',
        logLines.filter((l) => l.level >= 40),
      );
    }
    expect(problems).toEqual([]);
    // Every buyer paid exactly once, every order is paid and granted.
    for (const buyer of buyers) {
      const charged = Object.values(mp.control.state().payments).filter(
        (p) => p.payer?.email === buyer.email && p.status === 'approved',
      );
      expect(charged).toHaveLength(1);
    }
    expect(after.every((order) => order.status === 'paid' && order.granted)).toBe(true);
    // (the demo's own orders are asked about too; they were in order already)
    expect(first.reconciled).toBeGreaterThanOrEqual(drifted);
    // none of it failed: no order the provider could not be asked about, no run given up
    expect(
      logLines.filter(
        (line) =>
          line.msg.startsWith('orders in flight at start not reconciled') ||
          line.msg.startsWith('order not reconciled'),
      ),
    ).toEqual([]);
    expect(second.reconciled).toBe(0);
    // The restarted API serves the buyers (their tokens still work).
    const owned = await http('GET', '/api/users', undefined, creating[0]?.accessToken);
    expect((owned.body?.purchases as { programs?: string[] } | undefined)?.programs).toContain(PROGRAM);

    report('sigkill', {
      database: inject('dbTemplate').kind,
      orders: after.length,
      settlingAtKill: SETTLING,
      creatingAtKill: CREATING,
      chargedAtProvider: after.filter((o) => providerPaymentsOf(o.id).some((p) => p.endsWith(':approved')))
        .length,
      driftedAfterRestart: drifted,
      caughtBetweenTransactions: halfway ? 1 : 0,
      driftByStatus: before.reduce<Record<string, number>>((counts, order) => {
        counts[order.status] = (counts[order.status] ?? 0) + 1;
        return counts;
      }, {}),
      reconcile: first,
      secondReconcile: second,
      chargedTwice: 0,
      killToRestartMs: restartAt - killedAt,
      restartMs,
      reconcileMs,
    });
  });
});

import { expect, test } from '@playwright/test';
import pg from 'pg';
import { databaseUrlFor, e2eDatabaseName, e2ePort, topologyPorts } from '../topology/settings';
import { apiLogin, registerAccount, uniqueEmail } from './support/accounts';

/*
 * Two API processes behind the proxy (E2E_TOPOLOGY=two-process, topology/two-process.ts): one of
 * them is SIGKILLed while learners save progress and read it back through the proxy, then comes
 * back. Nothing the proxy could retry may fail (every read answers), and every progress write that
 * was acknowledged (200) must be in PostgreSQL. The only writes allowed to fail are those the
 * killed process may have received: the proxy answers them 502 `not-retried` (a POST is not sent
 * twice), at most one per writer in flight at the kill.
 */

// Only the two-process run loads this file (testIgnore in playwright.config.ts).

const course = 'primeros-pasos-finanzas';
/** The course's video classes (demo catalogue): module, section and length in seconds. */
const classes = [
  ['m1', 's1', 20],
  ['m1', 's2', 30],
  ['m2', 's1', 30],
  ['m2', 's2', 30],
  ['m2', 's4', 30],
  ['m3', 's1', 30],
  ['m3', 's2', 30],
].map(([module, section, seconds]) => ({
  moduleId: `${course}-${module}`,
  sectionId: `${course}-${module}-${section}`,
  seconds: seconds as number,
}));
const learnerCount = 10;
const writers = 6;
const readers = 2;
const pauseMs = 20;

const proxy = `http://127.0.0.1:${e2ePort()}`;
const control = `http://127.0.0.1:${topologyPorts(e2ePort()).control}`;

interface TopologyState {
  backends: { name: string; pid: number | null; restarts: number; healthy: boolean }[];
  proxy: {
    requests: number;
    answeredBy: Record<string, number>;
    retried: Record<string, number>;
    failed: Record<string, number>;
  };
}
const state = async (): Promise<TopologyState> =>
  (await fetch(`${control}/state`)).json() as Promise<TopologyState>;
const sum = (counts: Record<string, number>) => Object.values(counts).reduce((a, b) => a + b, 0);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

test('killing one API process loses no retryable request and no acknowledged progress write', async ({
  request,
}) => {
  test.setTimeout(120_000);
  const before = await state();
  expect(before.backends.map((b) => b.healthy)).toEqual([true, true]);
  const victim = before.backends[1] as TopologyState['backends'][number];

  const learners: { id: string; token: string }[] = [];
  for (let i = 0; i < learnerCount; i++) {
    const email = uniqueEmail('kill');
    await registerAccount(request, email);
    const credentials = await apiLogin(request, email);
    learners.push({ id: credentials.userId, token: credentials.accessToken });
  }

  // Writes in rounds: second 1 of every learner's every class, then second 2…; a key's next value
  // is sent long after its previous one was answered, so each key's writes are in order.
  const writes = classes
    .flatMap((c) => Array.from({ length: c.seconds }, (_, i) => i + 1).map((s) => ({ c, s })))
    .sort((x, y) => x.s - y.s)
    .flatMap(({ c, s }) => learners.map((learner) => ({ learner, ...c, seconds: s })));
  let nextWrite = 0;
  let stop = false;
  const acknowledged = new Map<string, number>();
  const lostWrites: { status: number; reason: string | null }[] = [];
  const failedReads: string[] = [];
  let acknowledgedCount = 0;
  let reads = 0;

  const writer = async () => {
    while (!stop && nextWrite < writes.length) {
      const write = writes[nextWrite++] as (typeof writes)[number];
      const response = await fetch(`${proxy}/api/academy/progress`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${write.learner.token}` },
        body: JSON.stringify({
          courseId: course,
          progress: { moduleId: write.moduleId, sectionId: write.sectionId, seconds: write.seconds },
        }),
      });
      await response.arrayBuffer();
      if (response.status === 200) {
        acknowledgedCount += 1;
        const key = `${write.learner.id}/${write.sectionId}`;
        acknowledged.set(key, Math.max(acknowledged.get(key) ?? 0, write.seconds));
      } else {
        lostWrites.push({ status: response.status, reason: response.headers.get('x-proxy-error') });
      }
      await sleep(pauseMs);
    }
  };
  const reader = async (learner: { token: string }) => {
    while (!stop) {
      try {
        const response = await fetch(`${proxy}/api/academy/progress/${course}`, {
          headers: { authorization: `Bearer ${learner.token}` },
        });
        await response.arrayBuffer();
        reads += 1;
        if (response.status !== 200)
          failedReads.push(`${response.status} ${response.headers.get('x-proxy-error')}`);
      } catch (error) {
        failedReads.push(String(error));
      }
      await sleep(pauseMs);
    }
  };

  const started = Date.now();
  const loops = [
    ...Array.from({ length: writers }, writer),
    ...learners.slice(0, readers).map((learner) => reader(learner)),
  ];
  await sleep(1500);
  const killed = await fetch(`${control}/backends/${victim.name}/kill`, { method: 'POST' });
  expect(killed.status).toBe(200);
  const killedAt = Date.now();
  // Until the supervisor has it back and it answers, then a moment more so it takes requests again.
  let back: TopologyState['backends'][number] | undefined;
  await expect
    .poll(
      async () => {
        back = (await state()).backends.find((b) => b.name === victim.name);
        return Boolean(back?.healthy && back.pid !== victim.pid);
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
  const backAfterMs = Date.now() - killedAt;
  const answeredBeforeReturn = (await state()).proxy.answeredBy;
  // The proxy skips a process for a second after it refused a connection: give it two.
  await sleep(2000);
  stop = true;
  await Promise.all(loops);
  const after = await state();

  // Every acknowledged write is in PostgreSQL (values only grow: the row holds at least it).
  const database = new pg.Client({
    connectionString: databaseUrlFor(process.env.DATABASE_URL ?? '', e2eDatabaseName('two-process')),
  });
  await database.connect();
  const { rows } = await database
    .query<{ user_id: string; section_id: string; viewed_seconds: number }>(
      'select user_id, section_id, viewed_seconds from section_progress where user_id = any($1::uuid[])',
      [learners.map((l) => l.id)],
    )
    .finally(() => database.end());
  const stored = new Map(rows.map((row) => [`${row.user_id}/${row.section_id}`, row.viewed_seconds]));
  const missing = [...acknowledged].filter(([key, seconds]) => (stored.get(key) ?? 0) < seconds);

  const victimHost = `127.0.0.1:${topologyPorts(e2ePort()).backends[1]}`;
  const figures = {
    seconds: (Date.now() - started) / 1000,
    killedPid: victim.pid,
    restartedPid: back?.pid,
    backAfterMs,
    writesSent: acknowledgedCount + lostWrites.length,
    writesAcknowledged: acknowledgedCount,
    keysChecked: acknowledged.size,
    writesLost: lostWrites,
    reads,
    failedReads: failedReads.length,
    proxyRetried: Object.fromEntries(
      Object.entries(after.proxy.retried).map(([code, n]) => [code, n - (before.proxy.retried[code] ?? 0)]),
    ),
    proxyFailed: after.proxy.failed,
    answeredByRestarted: (after.proxy.answeredBy[victimHost] ?? 0) - (answeredBeforeReturn[victimHost] ?? 0),
  };
  process.stdout.write(`kill-one-process: ${JSON.stringify(figures)}\n`);
  test.info().annotations.push({ type: 'figures', description: JSON.stringify(figures) });

  expect(failedReads, 'reads are idempotent: the proxy retries them on the other process').toEqual([]);
  expect(missing, 'acknowledged writes missing from section_progress').toEqual([]);
  for (const lost of lostWrites) expect(lost).toEqual({ status: 502, reason: 'not-retried' });
  expect(lostWrites.length, 'only writes in flight at the kill may be lost').toBeLessThanOrEqual(writers);
  expect(acknowledgedCount).toBeGreaterThan(200);
  expect(sum(figures.proxyRetried), 'the kill was felt: requests went to the other process').toBeGreaterThan(
    0,
  );
  expect(figures.answeredByRestarted, 'the restarted process takes requests again').toBeGreaterThan(0);
});

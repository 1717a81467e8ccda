import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import PgBoss from 'pg-boss';
import { startLocks, withAdvisoryLock } from '../../db/advisory-lock';
import type { DbHandle } from '../../db/client';
import { countJobRun } from '../../lib/process-metrics';

type ConstructorOptions = PgBoss.ConstructorOptions;
/** a job as a worker receives it, with its retry count (`includeMetadata`) */
export type Job<T = object> = PgBoss.JobWithMetadata<T>;
type Queue = PgBoss.Queue;

/** One kind of background work: a pg-boss queue, its worker in every process, and maybe a schedule. */
export interface JobDefinition<T extends object = object> {
  /** the queue's name: letters, digits, `.`, `-`, `_` */
  name: string;
  /**
   * A cron expression (UTC, minute resolution): pg-boss creates one job per occurrence however
   * many processes schedule it, and one worker of one process runs it.
   */
  cron?: string;
  /** One run. A throw fails the job, which pg-boss retries with backoff (see `queue`). */
  run(data: T, job: Job<T>): Promise<unknown>;
  /** Queue options over `scheduledQueueDefaults`: policy, retries and backoff, expiry. */
  queue?: Omit<Queue, 'name'>;
  /**
   * How often an idle worker asks for a job (seconds, ≥ 0.5; default `idlePollingSeconds`). A job
   * this process sends wakes its worker at once; only scheduled occurrences and jobs sent by
   * another process wait for the next poll.
   */
  pollingIntervalSeconds?: number;
}

/**
 * What a scheduled sweep wants: `stately` (at most one job waiting and one running across every
 * process, so a slow run never piles up occurrences), a failed run retried 5 times with
 * exponential backoff from 10 s (10–20 s, doubling at each retry, the last 160–320 s later), and a
 * run that hangs for 15 minutes given up.
 */
export const scheduledQueueDefaults = {
  policy: 'stately',
  retryLimit: 5,
  retryDelay: 10,
  retryBackoff: true,
  expireInSeconds: 900,
} satisfies Omit<Queue, 'name'>;

export interface JobQueueSettings {
  /** Create the schedules (default true). The workers run either way. */
  schedules?: boolean;
  /** pg-boss constructor options over ours (tests shorten its monitoring intervals). */
  boss?: Partial<ConstructorOptions>;
  /** How long stop waits for jobs in flight before failing them back to the queue (ms). */
  stopTimeoutMs?: number;
}

/**
 * The default polling interval of a worker, and how often pg-boss looks for due schedules: the
 * sweeps run each minute at most, so a 30 s delay costs nothing, while 9 queues polled every 2 s
 * kept an idle server on the embedded database at several % of a core (issue 31).
 */
export const idlePollingSeconds = 30;

/** pg-boss's own pool on the server: its polling never waits behind requests for a connection. */
const serverPoolSize = 3;

/**
 * pg-boss on the app's one embedded PGlite instance. PGlite is one session: `query` runs one
 * statement with parameters, while pg-boss sends its schema and its locked blocks (BEGIN … COMMIT)
 * as several statements without parameters, which go through `exec` (the simple protocol, as
 * node-postgres does for them); their rows are flattened so a RETURNING before the COMMIT is kept.
 * A statement that fails inside such a block would leave the one session in an aborted
 * transaction, which a pool would drop with its connection: here it is rolled back.
 */
export function pgliteJobDatabase(pglite: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      try {
        if (values?.length) return { rows: (await pglite.query(text, values)).rows };
        const results = await pglite.exec(text);
        return { rows: results.flatMap((result) => result.rows ?? []) };
      } catch (error) {
        await pglite.query('rollback').catch(() => {});
        throw error;
      }
    },
  };
}

/**
 * How pg-boss reaches the database the app uses. The server: its own small pool on the same URL.
 * PGlite: the app's one embedded instance (`pgliteJobDatabase`); PGlite runs one statement at a
 * time and a transaction holds it, so never call the queue from inside a database transaction on
 * PGlite: it would wait for the transaction, which waits for it.
 */
export function jobQueueConnection(database: DbHandle): ConstructorOptions {
  // drizzle exposes the client it was given as `$client`; Database is typed without it.
  const client = (database.db as unknown as { $client: unknown }).$client;
  if (database.driver === 'pglite') return { db: pgliteJobDatabase(client as PGlite) };
  const { connectionString } = (client as pg.Pool).options;
  if (!connectionString) throw new Error('the job queue needs the database URL of the pool');
  return { connectionString, max: serverPoolSize, application_name: 'alcancia-jobs' };
}

/**
 * Creates pg-boss's schema (or migrates it to this version), then stops: pg-boss does this under
 * its own advisory lock, so processes starting together install it once. The test template calls
 * it so that each test file's copy starts with the schema; the app's start does the same anyway.
 */
export async function installJobQueueSchema(database: DbHandle): Promise<void> {
  const boss = new PgBoss({ ...jobQueueConnection(database), supervise: false, schedule: false });
  await boss.start();
  await boss.stop({ graceful: false });
}

/**
 * The app's job queue (pg-boss) on its own database: modules define their jobs while the app is
 * built, `start` (the app's onReady) creates the queues, schedules and workers, `stop` (onClose)
 * lets jobs in flight finish, within `stopTimeoutMs`. The tables of each use-case stay the source
 * of truth (the outbox, refunds, orders); a job is the trigger that runs it once across processes,
 * retried with backoff when it fails.
 */
export class JobQueue {
  private readonly definitions = new Map<string, JobDefinition>();
  /** this process's worker of each queue, woken when this process sends a job */
  private readonly workers = new Map<string, string>();
  private boss: PgBoss | null = null;

  constructor(
    private readonly database: DbHandle,
    private readonly log: FastifyBaseLogger,
    private readonly settings: JobQueueSettings = {},
  ) {}

  /** Adds a job; before `start` only. */
  define<T extends object>(definition: JobDefinition<T>): void {
    if (this.boss) throw new Error(`job ${definition.name} defined after the queue started`);
    if (this.definitions.has(definition.name)) throw new Error(`job ${definition.name} defined twice`);
    this.definitions.set(definition.name, definition as unknown as JobDefinition);
  }

  /** The names of the defined queues, in definition order. */
  get names(): string[] {
    return [...this.definitions.keys()];
  }

  /** Whether `start` has run (and `stop` not yet). */
  get started(): boolean {
    return this.boss !== null;
  }

  /** The running pg-boss instance (for counts and tests); throws before `start`. */
  get instance(): PgBoss {
    if (!this.boss) throw new Error('the job queue is not started');
    return this.boss;
  }

  async start(): Promise<void> {
    if (this.boss) return;
    const schedules = this.settings.schedules ?? true;
    const boss = new PgBoss({
      ...jobQueueConnection(this.database),
      schedule: schedules,
      cronWorkerIntervalSeconds: idlePollingSeconds,
      ...this.settings.boss,
    });
    // Unheard, an 'error' event would end the process: pg-boss reports failed polls and
    // maintenance passes here and goes on.
    boss.on('error', (error) => this.log.error({ err: error }, 'job queue error'));
    try {
      // pg-boss 10 creates a queue's table and indexes in one statement that deadlocks with the
      // same statement from a process starting beside this one (node:cluster workers start
      // together): the processes create their queues one after the other.
      await withAdvisoryLock(this.database, startLocks.jobQueues, async () => {
        await boss.start();
        for (const definition of this.definitions.values())
          await this.createQueue(boss, definition, schedules);
      });
      this.boss = boss;
      for (const definition of this.definitions.values()) await this.startWorker(boss, definition);
    } catch (error) {
      this.boss = null;
      await boss.stop({ graceful: false }).catch(() => {});
      throw error;
    }
  }

  private async createQueue(boss: PgBoss, definition: JobDefinition, schedules: boolean): Promise<void> {
    const { name } = definition;
    const queue = { ...scheduledQueueDefaults, ...definition.queue };
    await boss.createQueue(name, { name, ...queue });
    // An existing queue keeps the options it was created with: bring them up to date. The policy
    // goes along unchanged: pg-boss 10's update would otherwise set it to `standard`.
    await boss.updateQueue(name, { name, ...queue });
    if (definition.cron && schedules) await boss.schedule(name, definition.cron);
  }

  private async startWorker(boss: PgBoss, definition: JobDefinition): Promise<void> {
    const { name } = definition;
    const worker = await boss.work(
      name,
      {
        batchSize: 1,
        includeMetadata: true,
        pollingIntervalSeconds: definition.pollingIntervalSeconds ?? idlePollingSeconds,
      },
      async ([job]: Job<object>[]) => {
        if (!job) return;
        try {
          const result = await definition.run(job.data, job);
          countJobRun(name, 'completed');
          return result;
        } catch (error) {
          countJobRun(name, 'failed');
          this.log.warn({ err: error, queue: name, jobId: job.id, retryCount: job.retryCount }, 'job failed');
          throw error;
        }
      },
    );
    this.workers.set(name, worker);
  }

  /**
   * Queues one job now and wakes this process's worker of its queue; resolves to its id (null when
   * the queue's policy already holds one).
   */
  async send(name: string, data: object = {}): Promise<string | null> {
    if (!this.definitions.has(name)) throw new Error(`no job ${name}`);
    const boss = this.instance;
    const id = await boss.send(name, data);
    const worker = this.workers.get(name);
    if (id !== null && worker) boss.notifyWorker(worker);
    return id;
  }

  /** Stops polling and scheduling, waits for jobs in flight (bounded), then fails what still runs back to the queue. */
  async stop(): Promise<void> {
    const boss = this.boss;
    if (!boss) return;
    this.boss = null;
    this.workers.clear();
    await boss.stop({ graceful: true, timeout: this.settings.stopTimeoutMs ?? 8000 });
  }
}

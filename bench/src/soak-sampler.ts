import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import pg from 'pg';
import { processMemory } from './run-api';
import { type Kind, kinds, type TrafficWindow } from './soak-traffic';

export interface KindStats {
  /** answers with the expected status */
  count: number;
  /** of which non-2xx by design (401 wrong password, 402 refused card) */
  expectedNon2xx: number;
  errors: number;
  p50: number;
  p99: number;
  max: number;
}

/** What one serving process's /metrics said at a sample. */
export interface ProcessMetrics {
  pid: number;
  heapUsedMb: number | null;
  heapTotalMb: number | null;
  externalMb: number | null;
  eventLoopLagP99Ms: number | null;
  /** V8's committed size of each heap space (new, old, code, large objects…), MB: what heap total is made of */
  heapSpacesMb: Record<string, { total: number; used: number }>;
}

/** One sample: the figures of one window of the run. */
export interface Sample {
  /** minutes from the start of the load to the end of this window */
  minute: number;
  seconds: number;
  kinds: Record<Kind, KindStats>;
  /** answered requests (expected statuses) per second, every kind */
  throughput: number;
  /** unexpected answers, network errors and timeouts, dropped requests */
  errors: number;
  errorsByKind: Record<string, number>;
  dropped: number;
  schedulerLagMs: number;
  /**
   * The API's processes (one, or a node:cluster primary and its workers): RSS summed over them at
   * the end of the window, the highest sum seen during it (polled every 2 s), and each one's RSS
   */
  rssMb: number;
  rssMaxMb: number;
  processes: { pid: number; rssMb: number }[];
  /** heap figures summed over the serving processes (null unless every one answered /metrics) */
  heapUsedMb: number | null;
  heapTotalMb: number | null;
  /** each serving process's /metrics (prom-client's Node metrics), told apart by the socket */
  metrics: ProcessMetrics[];
  eventLoopLagP99Ms: number | null;
  mailOutboxPending: number | null;
  /** PostgreSQL client connections to the soak database (pg_stat_activity): the API's */
  pgConnections: number;
  pgConnectionsMax: number;
  /** at the end of the window, by `application_name: state` (the job queue names its pool) */
  pgConnectionsBy: Record<string, number>;
  /** the most seen during the window, by application name */
  pgConnectionsMaxBy: Record<string, number>;
  /** requests in flight at the end of the window */
  inFlight: number;
  loadAverage: number;
}

/** `pid` and every process below it (a node:cluster primary's workers), from /proc. */
export function processTree(pid: number): number[] {
  const children = new Map<number, number[]>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // the process ended while we looked
    }
  }
  const tree: number[] = [];
  const visit = (p: number) => {
    tree.push(p);
    for (const child of children.get(p) ?? []) visit(child);
  };
  visit(pid);
  return tree;
}

/** RSS of each process of the API's tree, MB. */
export function treeMemory(pid: number): { pid: number; rssMb: number }[] {
  return processTree(pid)
    .map((p) => ({ pid: p, rssMb: processMemory(p).rssMb }))
    .filter((p) => p.rssMb > 0);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/** Connections by `application_name: state` summed by application name. */
function appTotals(by: Record<string, number>): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const [key, n] of Object.entries(by)) {
    const app = key.slice(0, key.lastIndexOf(': '));
    totals[app] = (totals[app] ?? 0) + n;
  }
  return totals;
}

/** Nearest-rank percentile of sorted values (0 when there are none). */
export function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1] ?? 0;
}

export function stats(latencies: number[], expectedNon2xx: number, errors: number): KindStats {
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    count: sorted.length,
    expectedNon2xx,
    errors,
    p50: percentile(sorted, 50),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? 0,
  };
}

/** The value of one Prometheus sample, `name{labels} value`, every given label matching. */
export function metric(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (!Object.entries(labels).every(([k, v]) => line.includes(`${k}="${v}"`))) continue;
    const value = Number(line.slice(line.lastIndexOf(' ') + 1));
    return Number.isFinite(value) ? value : null;
  }
  return null;
}

/**
 * `nodejs_heap_space_size_{total,used}_bytes{space="…"}` of one scrape, MB by space: what V8 holds
 * for each space and how much of it live and not yet collected objects use.
 */
export function heapSpaces(text: string): Record<string, { total: number; used: number }> {
  const spaces: Record<string, { total: number; used: number }> = {};
  for (const match of text.matchAll(
    /^nodejs_heap_space_size_(total|used)_bytes\{space="([a-z_]+)"\} ([0-9.e+]+)$/gm,
  )) {
    const [, which, space, value] = match as unknown as [string, 'total' | 'used', string, string];
    spaces[space] ??= { total: 0, used: 0 };
    spaces[space][which] = Number(value) / 1024 / 1024;
  }
  return spaces;
}

/** The process among `pids` that holds the server side of our loopback connection from `localPort`. */
function socketOwner(serverPort: number, localPort: number, pids: number[]): number | null {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  let inode = '';
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      for (const line of readFileSync(table, 'utf8').split('\n').slice(1)) {
        const f = line.trim().split(/\s+/);
        if (f[1]?.endsWith(`:${hex(serverPort)}`) && f[2]?.endsWith(`:${hex(localPort)}`)) inode = f[9] ?? '';
      }
    } catch {
      // no such table
    }
  }
  if (!inode || inode === '0') return null;
  for (const pid of pids) {
    try {
      for (const fd of readdirSync(`/proc/${pid}/fd`)) {
        try {
          if (readlinkSync(`/proc/${pid}/fd/${fd}`) === `socket:[${inode}]`) return pid;
        } catch {
          // closed meanwhile
        }
      }
    } catch {
      // the process ended
    }
  }
  return null;
}

/**
 * Watches the API and its database while the load runs: every 2 s the RSS of its processes and
 * its connections to the database (to catch peaks between samples); at each sample the /metrics
 * of each serving process. Under node:cluster a connection reaches one worker, so /metrics is
 * asked on fresh connections until every worker has answered, each answer told apart by which
 * process holds the server side of its socket.
 */
export class Sampler {
  private readonly client: pg.Client;
  private poller: NodeJS.Timeout | null = null;
  private rssMax = 0;
  private connectionsMax = 0;
  private connectionsMaxBy: Record<string, number> = {};
  private lastConnections: Record<string, number> = {};
  private polling: Promise<void> = Promise.resolve();
  private readonly metricsUrl: URL;

  constructor(
    databaseUrl: string,
    private readonly databaseName: string,
    private readonly apiPid: number,
    metricsUrl: string,
    private readonly metricsToken: string,
  ) {
    this.client = new pg.Client({ connectionString: databaseUrl, application_name: 'alcancia-soak-monitor' });
    this.metricsUrl = new URL(metricsUrl);
  }

  async start(): Promise<void> {
    await this.client.connect();
    await this.poll();
    this.poller = setInterval(() => {
      this.polling = this.polling.then(() => this.poll()).catch(() => undefined);
    }, 2000);
  }

  async stop(): Promise<void> {
    if (this.poller) clearInterval(this.poller);
    await this.polling;
    await this.client.end();
  }

  /** The processes that serve: a node:cluster primary's workers, or the one process. */
  servingPids(): number[] {
    const tree = processTree(this.apiPid);
    return tree.length > 1 ? tree.slice(1) : tree;
  }

  /** Client backends on the soak database other than this monitor, by application name and state. */
  async connections(): Promise<Record<string, number>> {
    const { rows } = await this.client.query<{ key: string; n: string }>(
      `select coalesce(nullif(application_name, ''), '(app pool)') || ': ' || coalesce(state, 'unknown') as key,
              count(*) as n
         from pg_stat_activity
        where datname = $1 and backend_type = 'client backend' and pid <> pg_backend_pid()
        group by 1 order by 1`,
      [this.databaseName],
    );
    return Object.fromEntries(rows.map((r) => [r.key, Number(r.n)]));
  }

  private async poll(): Promise<void> {
    this.rssMax = Math.max(this.rssMax, sum(treeMemory(this.apiPid).map((p) => p.rssMb)));
    this.lastConnections = await this.connections();
    this.connectionsMax = Math.max(this.connectionsMax, sum(Object.values(this.lastConnections)));
    for (const [app, n] of Object.entries(appTotals(this.lastConnections)))
      this.connectionsMaxBy[app] = Math.max(this.connectionsMaxBy[app] ?? 0, n);
  }

  /** GET /metrics on a connection of its own; which serving process answered, and what. */
  private scrapeOnce(pids: number[]): Promise<{ pid: number | null; text: string }> {
    return new Promise((resolve) => {
      const request = http.request(
        this.metricsUrl,
        {
          agent: false,
          headers: { authorization: `Bearer ${this.metricsToken}`, connection: 'keep-alive' },
          timeout: 3000,
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => {
            const local = request.socket?.localPort;
            const pid = local ? socketOwner(Number(this.metricsUrl.port), local, pids) : null;
            request.socket?.destroy();
            resolve({ pid, text: response.statusCode === 200 ? text : '' });
          });
        },
      );
      request.on('timeout', () => request.destroy());
      request.on('error', () => resolve({ pid: null, text: '' }));
      request.end();
    });
  }

  /** Each serving process's /metrics, within about 5 s however busy the machine is. */
  private async scrapeEach(): Promise<Map<number, string>> {
    const pids = this.servingPids();
    const answers = new Map<number, string>();
    const deadline = performance.now() + 5000;
    for (
      let attempt = 0;
      attempt < pids.length * 4 && answers.size < pids.length && performance.now() < deadline;
      attempt++
    ) {
      const { pid, text } = await this.scrapeOnce(pids);
      if (pid !== null && text && !answers.has(pid)) answers.set(pid, text);
    }
    return answers;
  }

  /** Turns a window of traffic into a sample, with the process and database figures of now. */
  async sample(
    minute: number,
    window: TrafficWindow,
    inFlight: number,
    activeSeconds = window.seconds,
  ): Promise<Sample> {
    await this.polling;
    await this.poll();
    const scraped = await this.scrapeEach();
    const metrics: ProcessMetrics[] = [...scraped].map(([pid, text]) => {
      const mb = (name: string) => {
        const value = metric(text, name);
        return value === null ? null : value / 1024 / 1024;
      };
      const lag = metric(text, 'nodejs_eventloop_lag_p99_seconds');
      return {
        pid,
        heapUsedMb: mb('nodejs_heap_size_used_bytes'),
        heapTotalMb: mb('nodejs_heap_size_total_bytes'),
        externalMb: mb('nodejs_external_memory_bytes'),
        eventLoopLagP99Ms: lag === null ? null : lag * 1000,
        heapSpacesMb: heapSpaces(text),
      };
    });
    const complete = metrics.length === this.servingPids().length;
    const total = (value: (m: ProcessMetrics) => number | null) => {
      const values = metrics.map(value);
      return complete && values.every((v) => v !== null) ? sum(values as number[]) : null;
    };
    const lags = metrics.flatMap((m) => (m.eventLoopLagP99Ms === null ? [] : [m.eventLoopLagP99Ms]));
    const anyText = [...scraped.values()][0] ?? '';
    const errorsOf = (kind: Kind) =>
      Object.entries(window.errors)
        .filter(([key]) => key.startsWith(`${kind} `))
        .reduce((n, [, count]) => n + count, 0);
    const perKind = Object.fromEntries(
      kinds.map((k) => [k, stats(window.latencies[k], window.expectedNon2xx[k], errorsOf(k))]),
    ) as Record<Kind, KindStats>;
    const answered = sum(kinds.map((k) => perKind[k].count));
    const connections = sum(Object.values(this.lastConnections));
    const processes = treeMemory(this.apiPid);
    const sample: Sample = {
      minute,
      seconds: window.seconds,
      kinds: perKind,
      throughput: answered / activeSeconds,
      errors: sum(Object.values(window.errors)) + window.dropped,
      errorsByKind: window.errors,
      dropped: window.dropped,
      schedulerLagMs: window.schedulerLagMs,
      rssMb: sum(processes.map((p) => p.rssMb)),
      rssMaxMb: this.rssMax,
      processes,
      heapUsedMb: total((m) => m.heapUsedMb),
      heapTotalMb: total((m) => m.heapTotalMb),
      metrics,
      eventLoopLagP99Ms: lags.length ? Math.max(...lags) : null,
      mailOutboxPending: metric(anyText, 'alcancia_mail_outbox_pending'),
      pgConnections: connections,
      pgConnectionsMax: this.connectionsMax,
      pgConnectionsBy: this.lastConnections,
      pgConnectionsMaxBy: this.connectionsMaxBy,
      inFlight,
      loadAverage: os.loadavg()[0] ?? 0,
    };
    this.rssMax = sample.rssMb;
    this.connectionsMax = connections;
    this.connectionsMaxBy = appTotals(this.lastConnections);
    return sample;
  }
}

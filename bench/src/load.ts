import autocannon from 'autocannon';
import type { Fixtures } from './fixtures';
import { log, type Settings } from './settings';
import { searchTerms } from './words';

/** One request of a load: where, as whom, and (for writes) what. */
export interface Call {
  method: 'GET' | 'POST';
  path: string;
  token: string;
  body?: string;
  /** section_progress key a write touches */
  key?: string;
}

export interface Endpoint {
  name: string;
  /** as written in the report, e.g. `GET /api/academy/courses` */
  label: string;
  kind: 'read' | 'write';
  /** the logged-in catalogue lists: these must reach 50% of the ceiling */
  catalogue?: boolean;
  /** the call number `i` of the run (the load rotates through users, ids and words) */
  call(i: number): Call;
  /**
   * Statement counting of writes: a read that fills the API's caches for call `i` (a write cannot
   * be sent twice to warm them: the second one would be a no-op re-save), and the calls to count.
   */
  prime?(i: number): Call;
  samples?: number[];
}

const at = <T>(list: T[], i: number): T => {
  const item = list[i % list.length];
  if (item === undefined) throw new Error('empty fixture list');
  return item;
};

export function hotEndpoints(fixtures: Fixtures): Endpoint[] {
  const { readers, viewers, progressReaders, writes, writeSamples } = fixtures;
  const get = (path: string, token: string): Call => ({ method: 'GET', path, token });
  return [
    {
      name: 'catalogue',
      label: 'GET /api/academy/courses',
      kind: 'read',
      catalogue: true,
      call: (i) => get('/api/academy/courses', at(readers, i).token),
    },
    {
      name: 'programs',
      label: 'GET /api/academy/v2/programs',
      kind: 'read',
      catalogue: true,
      call: (i) => get('/api/academy/v2/programs', at(readers, i).token),
    },
    {
      name: 'packs',
      label: 'GET /api/academy/packs',
      kind: 'read',
      catalogue: true,
      call: (i) => get('/api/academy/packs', at(readers, i).token),
    },
    {
      name: 'course',
      label: 'GET /api/academy/{courseId}',
      kind: 'read',
      call: (i) => {
        const v = at(viewers, i);
        return get(`/api/academy/${v.courseId}`, v.token);
      },
    },
    {
      name: 'progress',
      label: 'GET /api/academy/progress/{courseId}',
      kind: 'read',
      call: (i) => {
        const p = at(progressReaders, i);
        return get(`/api/academy/progress/${p.courseId}`, p.token);
      },
    },
    {
      name: 'overview',
      label: 'GET /api/academy/content/progress',
      kind: 'read',
      call: (i) => get('/api/academy/content/progress', at(readers, i).token),
    },
    {
      name: 'search',
      label: 'GET /api/academy?search=…',
      kind: 'read',
      // words and readers advance at different strides, so every user searches many words
      call: (i) =>
        get(
          `/api/academy?search=${encodeURIComponent(at(searchTerms, i))}`,
          at(readers, Math.floor(i / 7)).token,
        ),
    },
    {
      name: 'plans',
      label: 'GET /api/users/subscriptions',
      kind: 'read',
      call: (i) => get('/api/users/subscriptions', at(readers, i).token),
    },
    {
      name: 'progress-write',
      label: 'POST /api/academy/progress',
      kind: 'write',
      call: (i) => {
        const w = writes.at(i);
        return { method: 'POST', path: '/api/academy/progress', token: w.token, body: w.body, key: w.key };
      },
      prime: (i) => {
        const w = writes.at(i);
        return get(`/api/academy/progress/${w.courseId}`, w.token);
      },
      samples: writeSamples,
    },
  ];
}

/** One request outside the load, to check an endpoint answers and to read its bytes. */
export async function probe(baseUrl: string, call: Call) {
  const response = await fetch(`${baseUrl}${call.path}`, {
    method: call.method,
    headers: {
      authorization: `Bearer ${call.token}`,
      ...(call.body ? { 'content-type': 'application/json' } : {}),
    },
    body: call.body,
  });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, body, contentType: response.headers.get('content-type') ?? '' };
}

export interface LoadResult {
  requests: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  seconds: number;
  /** successful responses per second */
  rps: number;
  p50: number;
  p99: number;
  max: number;
}

interface LoadOptions {
  baseUrl: string;
  seconds: number;
  connections: number;
  /** the index of the first call; the run continues the rotation from there */
  offset: number;
  call(i: number): Call;
  /** headers every request carries besides its token, e.g. accept-encoding */
  headers?: Record<string, string>;
  /** write tracking: each request sent (a run's last in-flight ones are never answered) … */
  onSend?: (key: string | undefined) => void;
  /** … and each answer, with the key the request touched */
  onAnswer?: (status: number, key: string | undefined) => void;
}

/**
 * Drives `connections` keep-alive connections for `seconds` with autocannon; every request takes
 * the next call of the rotation (a different user, id or word each time).
 */
export async function drive(options: LoadOptions): Promise<LoadResult & { next: number }> {
  let i = options.offset;
  const result = await autocannon({
    url: options.baseUrl,
    connections: options.connections,
    duration: options.seconds,
    pipelining: 1,
    timeout: 10,
    requests: [
      {
        setupRequest: (request, context) => {
          const call = options.call(i++);
          (context as { key?: string }).key = call.key;
          options.onSend?.(call.key);
          return {
            ...request,
            method: call.method,
            path: call.path,
            headers: {
              ...options.headers,
              authorization: `Bearer ${call.token}`,
              ...(call.body ? { 'content-type': 'application/json' } : {}),
            },
            ...(call.body ? { body: call.body } : {}),
          };
        },
        ...(options.onAnswer
          ? {
              onResponse: (status: number, _body: string, context: object) => {
                options.onAnswer?.(status, (context as { key?: string }).key);
              },
            }
          : {}),
      },
    ],
  });
  const ok = result['2xx'];
  return {
    requests: ok + result.non2xx,
    ok,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    seconds: result.duration,
    rps: ok / result.duration,
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    next: i,
  };
}

/**
 * A warm-up that is not counted, then the measured run; the rotation of calls starts at `offset`
 * (a second load of writes continues where the first stopped, on sections not saved yet).
 */
export async function measure(
  settings: Settings,
  baseUrl: string,
  endpoint: Endpoint,
  tracking: Pick<LoadOptions, 'onSend' | 'onAnswer'> = {},
  offset = 0,
) {
  const common = { baseUrl, connections: settings.connections, call: endpoint.call, ...tracking };
  const warm = await drive({ ...common, seconds: settings.warmup, offset });
  const result = await drive({ ...common, seconds: settings.duration, offset: warm.next });
  log(
    `   ${endpoint.label.padEnd(38)} ${result.rps.toFixed(0).padStart(6)} req/s  p50 ${result.p50.toFixed(1)} ms  p99 ${result.p99.toFixed(1)} ms${result.non2xx || result.errors ? `  non-2xx ${result.non2xx} errors ${result.errors}` : ''}`,
  );
  return { warmup: warm, result };
}

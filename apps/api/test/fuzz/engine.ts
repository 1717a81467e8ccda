import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { createTestOperator, operatorLogin, type TestOperator } from '../operators';

/**
 * Schema-aware fuzzing of every operation of the API's own OpenAPI document, through
 * `app.inject` on the real app. Used by `npm run fuzz` (cli.ts) and by the bounded CI slice
 * (test/fuzz.test.ts). Not product: the emulator (/sandbox/*) and the dev tools (/api/dev/*) are
 * left out.
 */

type Json = Record<string, unknown>;
type Schema = Json & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  const?: unknown;
  $ref?: string;
};

export interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: Schema }[];
  query: { name: string; schema: Schema; required: boolean }[];
  body?: Schema;
}

export interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
  /** a learner's session, an `admin` operator's (on /api/admin), none, or a forged token */
  auth: 'none' | 'session' | 'operator' | 'garbage';
  kind: string;
}

export interface Failure {
  operation: string;
  reason: string;
  status: number;
  request: FuzzRequest;
  response: string;
}

export interface FuzzReport {
  seed: number;
  operations: number;
  excluded: string[];
  requests: number;
  byStatus: Record<string, number>;
  byClass: Record<string, number>;
  tooMany: number;
  failures: Failure[];
  minimal: Failure[];
  relogins: number;
  healthAfter: number;
}

/** Messages frameworks and libraries answer in English: never acceptable as our `message`. */
export const knownEnglishMessages = [
  'Bad Request',
  'Not Found',
  'Unauthorized',
  'Forbidden',
  'Internal Server Error',
  'Unsupported Media Type',
  'Request body is too large',
  'Payload Too Large',
  'Too Many Requests',
  'Rate limit exceeded',
  "Body cannot be empty when content-type is set to 'application/json'",
  'Unexpected end of JSON input',
  'Method Not Allowed',
  'Invalid input',
];
const englishWords =
  /\b(the|is|must|should|cannot|can't|expected|received|required|invalid|failed|error|undefined|null|stack|exception|unexpected token|not found|route|body)\b|\bat \S+ \(|node_modules|\.ts:\d+/i;

/**
 * Server messages the purchases spec fixes word for word (§ promo code errors): the web maps them
 * to its Spanish texts, so they are the contract, not a leak.
 */
const specContractMessages = new Set([
  'Not found promo code',
  'Expired promo code',
  'Inactive promo code',
  'Disabled promo code',
  'Exhausted promo code',
  'The user already has an active subscription',
  'The user already used the promo code',
  'The user does not have a allowed country code for the promo code',
  'PromoCode type error',
]);

/** Spanish heuristic: non-empty, not a known English message, no English/stack words. */
export function looksSpanish(message: unknown): boolean {
  if (typeof message !== 'string' || message.trim() === '') return false;
  if (specContractMessages.has(message)) return true;
  if (knownEnglishMessages.some((m) => message.toLowerCase().includes(m.toLowerCase()))) return false;
  return !englishWords.test(message);
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Operations of the document, without the emulator and the dev tools. */
export function operationsOf(doc: Json): { operations: Operation[]; excluded: string[] } {
  const components = ((doc.components as Json)?.schemas ?? {}) as Record<string, Schema>;
  const deref = (s: Schema | undefined): Schema | undefined => {
    let cur = s;
    for (let i = 0; cur?.$ref && i < 10; i++) cur = components[cur.$ref.split('/').pop() as string];
    return cur;
  };
  const operations: Operation[] = [];
  const excluded: string[] = [];
  for (const [path, item] of Object.entries((doc.paths ?? {}) as Record<string, Json>)) {
    for (const method of METHODS) {
      const op = item[method] as Json | undefined;
      if (!op) continue;
      if (path.startsWith('/sandbox') || path.startsWith('/api/dev') || !path.startsWith('/api')) {
        excluded.push(`${method.toUpperCase()} ${path}`);
        continue;
      }
      const params = [...((item.parameters as Json[]) ?? []), ...((op.parameters as Json[]) ?? [])];
      const content = ((op.requestBody as Json)?.content ?? {}) as Record<string, Json>;
      const bodySchema = deref(
        (content['application/json']?.schema ?? Object.values(content)[0]?.schema) as Schema,
      );
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: params
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name as string, schema: deref(p.schema as Schema) ?? {} })),
        query: params
          .filter((p) => p.in === 'query')
          .map((p) => ({
            name: p.name as string,
            schema: deref(p.schema as Schema) ?? {},
            required: Boolean(p.required),
          })),
        body: bodySchema ? resolveAll(bodySchema, deref) : undefined,
      });
    }
  }
  return { operations, excluded };
}

function resolveAll(s: Schema, deref: (s: Schema | undefined) => Schema | undefined, depth = 0): Schema {
  const r = deref(s) ?? {};
  if (depth > 8) return r;
  const out: Schema = { ...r };
  if (r.properties)
    out.properties = Object.fromEntries(
      Object.entries(r.properties).map(([k, v]) => [k, resolveAll(v, deref, depth + 1)]),
    );
  if (r.items) out.items = resolveAll(r.items, deref, depth + 1);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    if (r[key]) out[key] = (r[key] as Schema[]).map((v) => resolveAll(v, deref, depth + 1));
  return out;
}

/** encodeURIComponent that survives lone surrogates (sent as U+FFFD). */
const enc = (v: string) => {
  try {
    return encodeURIComponent(v);
  } catch {
    return encodeURIComponent(v.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  }
};

// ---- values -------------------------------------------------------------------------------

const nasty = fc.constantFrom(
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '%00',
  '𝕬𝖑𝖈𝖆𝖓𝖈í𝖆 🐷💸',
  'ñandú ÁÉÍÓÚ ü',
  '\u202Eevil',
  '\uD800',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log4shell probe, sent as plain text
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  '-1',
  '0',
  '1e309',
  'NaN',
  'null',
  'true',
  '[]',
  '{}',
  '9999999999999999999999',
  '2026-02-30',
  'not-an-email',
  'a@b',
  '00000000-0000-0000-0000-000000000000',
);
const anyString = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'grapheme', maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }) },
  { weight: 3, arbitrary: nasty },
  { weight: 1, arbitrary: fc.constantFrom(10_000, 100_000).map((n) => 'x'.repeat(n)) },
);
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(Number.MAX_SAFE_INTEGER, -1, 0, 1e308),
  anyString,
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.integer(), { maxLength: 3 }),
);

function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type;
  if (s.type) return [s.type];
  if (s.properties) return ['object'];
  return [];
}

/** A value that the schema accepts, picked near its edges. */
function validFor(s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alts = s.anyOf ?? s.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((a) => validFor(a, depth)));
  if (s.allOf?.length) return validFor(Object.assign({}, ...s.allOf), depth);
  const types = typesOf(s).filter((t) => t !== 'null');
  const nullable = typesOf(s).includes('null') || s.nullable === true;
  const base = (type: string | undefined): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'string':
        return stringFor(s);
      case 'integer':
      case 'number': {
        const min = (s.minimum as number | undefined) ?? (s.exclusiveMinimum as number | undefined) ?? -1000;
        const max =
          (s.maximum as number | undefined) ?? (s.exclusiveMaximum as number | undefined) ?? 100_000;
        const edges = fc.constantFrom(
          min,
          max,
          Math.min(max, Math.max(min, 0)),
          Math.min(max, Math.max(min, 1)),
        );
        const range =
          type === 'integer'
            ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
            : fc.double({ min, max, noNaN: true });
        return fc.oneof(edges, range);
      }
      case 'boolean':
        return fc.boolean();
      case 'array': {
        const minLength = (s.minItems as number | undefined) ?? 0;
        const maxLength = Math.min((s.maxItems as number | undefined) ?? 4, minLength + 4);
        return depth > 4
          ? fc.constant([])
          : fc.array(validFor(s.items ?? {}, depth + 1), { minLength, maxLength });
      }
      case 'object':
        return objectFor(s, depth, false);
      default:
        return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
    }
  };
  const arb = types.length ? fc.oneof(...types.map(base)) : base(undefined);
  return nullable ? fc.option(arb, { nil: null, freq: 8 }) : arb;
}

function stringFor(s: Schema): fc.Arbitrary<string> {
  const min = (s.minLength as number | undefined) ?? 0;
  const max = Math.min((s.maxLength as number | undefined) ?? 60, 5000);
  switch (s.format) {
    case 'email':
      return fc.oneof(fc.emailAddress(), fc.constantFrom('fuzz@example.com', 'ANA@EXAMPLE.COM'));
    case 'uuid':
      return fc.uuid();
    case 'date-time':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString());
    case 'date':
      return fc
        .date({ min: new Date('1900-01-01'), max: new Date('2100-01-01'), noInvalidDate: true })
        .map((d) => d.toISOString().slice(0, 10));
    case 'uri':
      return fc.webUrl();
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: Math.max(min, Math.min(max, 40)) }),
    fc.constant('a'.repeat(min)),
    fc.constant('a'.repeat(max)),
    fc.constant('ñ'.repeat(Math.max(min, 1))),
  );
}

function objectFor(s: Schema, depth: number, invalid: boolean): fc.Arbitrary<unknown> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, v] of Object.entries(props))
    model[k] = invalid ? valueFor(v, depth + 1) : validFor(v, depth + 1);
  const requiredKeys = Object.keys(props).filter((k) => required.has(k));
  return fc.record(model, { requiredKeys });
}

/** Mostly valid, often invalid: wrong type, nasty strings, out of range, nested garbage. */
function valueFor(s: Schema, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: validFor(s, depth) },
    { weight: 2, arbitrary: wrongType },
    { weight: 2, arbitrary: anyString },
    {
      weight: 1,
      arbitrary: fc.constantFrom(-1, -2147483649, 2147483648, 1.5, 1e21, -0, Number.MAX_SAFE_INTEGER + 2),
    },
  );
}

/** A body for the schema: valid, with bad fields, missing required fields, extra fields. */
function bodyFor(s: Schema): fc.Arbitrary<unknown> {
  const isObject = typesOf(s).includes('object');
  if (!isObject) return valueFor(s);
  const required = s.required ?? [];
  return fc.oneof(
    { weight: 4, arbitrary: validFor(s, 0) },
    { weight: 4, arbitrary: objectFor(s, 0, true) },
    {
      weight: required.length ? 2 : 0,
      arbitrary: required.length
        ? fc.tuple(validFor(s, 0), fc.subarray(required, { minLength: 1 })).map(([v, drop]) => omit(v, drop))
        : fc.constant({}),
    },
    {
      weight: 2,
      arbitrary: fc
        .tuple(
          validFor(s, 0),
          fc.dictionary(
            fc.constantFrom('__proto__', 'constructor', 'extra', 'role', 'isAdmin', 'id', 'userId', 'ñ', ''),
            wrongType,
            { maxKeys: 3 },
          ),
        )
        .map(([v, extra]) => ({ ...(v as object), ...extra })),
    },
    { weight: 1, arbitrary: wrongType },
  );
}

const omit = (v: unknown, keys: string[]) => {
  if (!v || typeof v !== 'object') return v;
  const copy = { ...(v as Json) };
  for (const k of keys) delete copy[k];
  return copy;
};

const deepNesting = fc
  .constantFrom(50, 1000, 20_000)
  .chain((n) =>
    fc
      .constantFrom('[', '{"a":')
      .map((open) =>
        open === '[' ? '['.repeat(n) + ']'.repeat(n) : `${'{"a":'.repeat(n)}1${'}'.repeat(n)}`,
      ),
  );

const badPathSegment = fc.oneof(
  anyString.filter((x) => x.length < 3000),
  fc.constantFrom(
    '%',
    '%zz',
    '%E0%A4%A',
    '%00',
    '..%2F..%2Fetc',
    '%2F',
    '%C0%AE',
    'a%20b',
    '-1',
    '0',
    '1.5',
    'x'.repeat(5000),
  ),
);

export interface RequestOptions {
  bodyLimit: number;
}

type Variant =
  | { kind: 'json'; body: unknown }
  | { kind: 'raw'; contentType: string; body: string }
  | { kind: 'none' }
  | { kind: 'oversized' };

export function requestArbitrary(op: Operation, options: RequestOptions): fc.Arbitrary<FuzzRequest> {
  const pathArb = fc.tuple(
    ...op.pathParams.map((p) =>
      fc.oneof(
        { weight: 3, arbitrary: validFor(p.schema, 0).map((v) => enc(String(v))) },
        { weight: 2, arbitrary: badPathSegment.map((v) => (/^%|\.\.%/.test(v) ? v : enc(v))) },
      ),
    ),
  );
  const queryArb = fc.tuple(
    ...op.query.map((q) =>
      fc.option(
        fc.oneof(
          { weight: 3, arbitrary: validFor(q.schema, 0) },
          { weight: 2, arbitrary: anyString.filter((x) => x.length < 3000) },
        ),
        { freq: q.required ? 8 : 2 },
      ),
    ),
  );
  const extraQuery = fc.option(
    fc.tuple(
      fc.constantFrom('x', '__proto__', 'page', 'a[b]', ''),
      anyString.filter((x) => x.length < 200),
    ),
    { freq: 5 },
  );
  const withBody = !['GET', 'DELETE'].includes(op.method) || op.body !== undefined;
  const variantArb: fc.Arbitrary<Variant> = withBody
    ? fc.oneof(
        {
          weight: 10,
          arbitrary: (op.body ? bodyFor(op.body) : wrongType).map((body) => ({
            kind: 'json' as const,
            body,
          })),
        },
        { weight: 1, arbitrary: fc.constant({ kind: 'none' as const }) },
        {
          weight: 2,
          arbitrary: fc.record({
            kind: fc.constant('raw' as const),
            contentType: fc.constantFrom(
              'application/json',
              'text/plain',
              'application/x-www-form-urlencoded',
              'multipart/form-data; boundary=x',
              'application/xml',
              'application/json; charset=latin1',
              'application/octet-stream',
              'application/vnd.api+json',
            ),
            body: fc.oneof(
              fc.constantFrom(
                '{',
                '{"a":1',
                '',
                'null',
                '"str"',
                '\u0000',
                '{"__proto__":{"polluted":1}}',
                'a=1&b=2',
                '<x/>',
                '--x--',
                '[1,2',
                '{"a":"\\u0000"}',
              ),
              deepNesting,
              fc.string({ unit: 'binary', maxLength: 50 }),
            ),
          }),
        },
        { weight: 1, arbitrary: fc.constant({ kind: 'oversized' as const }) },
      )
    : fc.oneof(
        { weight: 12, arbitrary: fc.constant({ kind: 'none' as const }) },
        { weight: 1, arbitrary: wrongType.map((body) => ({ kind: 'json' as const, body })) },
      );
  // the back office's inputs are fuzzed as an admin would send them (past the role check), and
  // its answers to a learner, to nobody and to a forged token checked as everywhere else
  const authArb = op.path.startsWith('/api/admin')
    ? fc.constantFrom<FuzzRequest['auth']>('operator', 'operator', 'operator', 'session', 'none', 'garbage')
    : fc.constantFrom<FuzzRequest['auth']>('session', 'session', 'none', 'garbage');
  return fc
    .record({ path: pathArb, query: queryArb, extraQuery, variant: variantArb, auth: authArb })
    .map(({ path, query, extraQuery, variant, auth }) => {
      let i = 0;
      let url = op.path.replace(/\{[^}]+\}/g, () => path[i++] as string);
      const qs: string[] = [];
      op.query.forEach((q, j) => {
        const v = query[j];
        if (v !== null && v !== undefined)
          qs.push(`${enc(q.name)}=${enc(typeof v === 'object' ? JSON.stringify(v) : String(v))}`);
      });
      if (extraQuery) qs.push(`${enc(extraQuery[0])}=${enc(extraQuery[1])}`);
      if (qs.length) url += `?${qs.join('&')}`;
      const headers: Record<string, string> = {};
      let payload: string | undefined;
      let kind: string = variant.kind;
      if (variant.kind === 'json') {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(variant.body) ?? 'null';
      } else if (variant.kind === 'raw') {
        headers['content-type'] = variant.contentType;
        payload = variant.body;
        kind = `raw ${variant.contentType}`;
      } else if (variant.kind === 'oversized') {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify({ data: 'x'.repeat(options.bodyLimit + 10) });
      }
      return { method: op.method, url, headers, payload, auth, kind };
    });
}

// ---- running ------------------------------------------------------------------------------

export interface Session {
  email: string;
  password: string;
  accessToken: string;
}

export async function openSession(app: FastifyInstance): Promise<Session> {
  const email = `fuzz.${process.pid}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = 'FuzzSecreta123';
  const reg = await app.inject({
    method: 'POST',
    url: '/api/users/register',
    payload: { name: 'Fuzz Pérez', email, password, country: 'AR', telephone: '11 2345 6789' },
  });
  if (reg.statusCode !== 201) throw new Error(`fuzz: register failed ${reg.statusCode} ${reg.body}`);
  const res = await app.inject({ method: 'POST', url: '/api/users/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`fuzz: login failed ${res.statusCode} ${res.body}`);
  return { email, password, accessToken: res.json().accessToken };
}

/** Why this answer is wrong, or undefined when it is fine. */
export function judge(status: number, contentType: string | undefined, body: string): string | undefined {
  if (status >= 500) return `${status} server error`;
  if (status < 400) return undefined;
  if (!String(contentType ?? '').includes('application/json')) return `4xx not JSON (${contentType})`;
  let json: Json;
  try {
    json = JSON.parse(body);
  } catch {
    return '4xx body does not parse as JSON';
  }
  if (typeof json?.internalCode !== 'string' || !json.internalCode) return '4xx without internalCode';
  if (!looksSpanish(json.message)) return `4xx message not Spanish: ${JSON.stringify(json.message)}`;
  return undefined;
}

export interface FuzzOptions {
  seed: number;
  runs: number;
  bodyLimit: number;
  /** shrink the first failure of each failing operation to a minimal reproduction */
  shrink?: boolean;
  log?: (line: string) => void;
}

export async function fuzz(app: FastifyInstance, options: FuzzOptions): Promise<FuzzReport> {
  const log = options.log ?? (() => {});
  const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const { operations, excluded } = operationsOf(doc);
  let session = await openSession(app);
  const operator: TestOperator = await createTestOperator(app, 'admin');
  let operatorToken = (await operatorLogin(app, operator)).accessToken;
  let relogins = 0;
  const report: FuzzReport = {
    seed: options.seed,
    operations: operations.length,
    excluded,
    requests: 0,
    byStatus: {},
    byClass: {},
    tooMany: 0,
    failures: [],
    minimal: [],
    relogins: 0,
    healthAfter: 0,
  };

  const send = async (req: FuzzRequest) => {
    const headers = { ...req.headers };
    if (req.auth === 'session') headers.authorization = `Bearer ${session.accessToken}`;
    if (req.auth === 'operator') headers.authorization = `Bearer ${operatorToken}`;
    if (req.auth === 'garbage') headers.authorization = 'Bearer eyJhbGciOiJub25lIn0.e30.';
    const res = await Promise.race([
      app.inject({
        method: req.method as InjectOptions['method'],
        url: req.url,
        headers,
        payload: req.payload,
      }),
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 5000).unref()),
    ]);
    if (!res) return { status: 599, contentType: 'text/plain', body: 'fuzz: no answer within 5 s' };
    return {
      status: res.statusCode,
      contentType: res.headers['content-type'] as string | undefined,
      body: res.body,
    };
  };
  const keepSessionAlive = async () => {
    const res = await app.inject({
      method: 'GET',
      url: '/api/users/partialonboarding',
      headers: { authorization: `Bearer ${session.accessToken}` },
    });
    if (res.statusCode === 401) {
      session = await openSession(app);
      relogins++;
    }
    const asOperator = await app.inject({
      method: 'GET',
      url: '/api/admin/me',
      headers: { authorization: `Bearer ${operatorToken}` },
    });
    if (asOperator.statusCode === 401) {
      operatorToken = (await operatorLogin(app, operator)).accessToken;
      relogins++;
    }
  };

  const perOp = Math.max(1, Math.ceil(options.runs / operations.length));
  log(`fuzz: ${operations.length} operations, generating`);
  const samples = operations.map((op, i) =>
    fc.sample(requestArbitrary(op, options), { seed: options.seed + i, numRuns: perOp }),
  );
  const failingOps = new Map<number, Failure[]>();
  for (let round = 0; round < perOp && report.requests < options.runs; round++) {
    for (let i = 0; i < operations.length && report.requests < options.runs; i++) {
      const op = operations[i] as Operation;
      const req = samples[i]?.[round] as FuzzRequest;
      if (process.env.FUZZ_DEBUG)
        log(`${req.method} ${req.url.slice(0, 120)} ${req.kind} ${String(req.payload ?? '').slice(0, 300)}`);
      const res = await send(req);
      report.requests++;
      report.byStatus[res.status] = (report.byStatus[res.status] ?? 0) + 1;
      const cls = `${Math.floor(res.status / 100)}xx`;
      report.byClass[cls] = (report.byClass[cls] ?? 0) + 1;
      if (res.status === 429) report.tooMany++;
      const reason = judge(res.status, res.contentType, res.body);
      if (reason) {
        const failure = {
          operation: `${op.method} ${op.path}`,
          reason,
          status: res.status,
          request: req,
          response: res.body.slice(0, 300),
        };
        report.failures.push(failure);
        failingOps.set(i, [...(failingOps.get(i) ?? []), failure]);
      }
      if (report.requests % 100 === 0) {
        await keepSessionAlive();
        if (report.requests % 1000 === 0) log(`  … ${report.requests} requests`);
      }
    }
  }

  if (options.shrink) {
    for (const [i] of failingOps) {
      const op = operations[i] as Operation;
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(op, options), async (req) => {
          const res = await send(req);
          return judge(res.status, res.contentType, res.body) === undefined;
        }),
        { seed: options.seed + i, numRuns: perOp, interruptAfterTimeLimit: 20_000 },
      );
      const counterexample = result.counterexample?.[0];
      if (counterexample) {
        const res = await send(counterexample);
        report.minimal.push({
          operation: `${op.method} ${op.path}`,
          reason: judge(res.status, res.contentType, res.body) ?? 'flaky (passed when replayed)',
          status: res.status,
          request: counterexample,
          response: res.body.slice(0, 300),
        });
      }
    }
  }

  report.relogins = relogins;
  report.healthAfter = (await app.inject({ method: 'GET', url: '/api/health' })).statusCode;
  return report;
}

const shorten = (s: string | Buffer | undefined) => {
  if (s === undefined) return '';
  const text = String(s);
  return text.length > 200
    ? `${JSON.stringify(text.slice(0, 200))}… (${text.length} chars)`
    : JSON.stringify(text);
};

export function formatReport(r: FuzzReport): string {
  const lines = [
    `fuzz seed=${r.seed}: ${r.requests} requests over ${r.operations} operations (excluded, not product: ${r.excluded.length} /sandbox and /api/dev operations)`,
    `by class: ${Object.entries(r.byClass)
      .sort()
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
    `by status: ${Object.entries(r.byStatus)
      .sort()
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
    `429 (rate limits): ${r.tooMany}; session re-logins: ${r.relogins}; /api/health after: ${r.healthAfter}`,
    `failures: ${r.failures.length} (5xx: ${r.failures.filter((f) => f.status >= 500).length})`,
  ];
  const byOp = new Map<string, Failure[]>();
  for (const f of r.failures) byOp.set(f.operation, [...(byOp.get(f.operation) ?? []), f]);
  for (const [op, fs] of byOp) {
    const min = r.minimal.find((m) => m.operation === op) ?? fs[0];
    if (!min) continue;
    lines.push(`  ${op}: ${fs.length} failing — ${min.reason}`);
    lines.push(
      `    repro: ${min.request.method} ${min.request.url} auth=${min.request.auth} ${JSON.stringify(min.request.headers)} ${shorten(min.request.payload)}`,
    );
    lines.push(`    answer ${min.status}: ${min.response.slice(0, 200)}`);
  }
  return lines.join('\n');
}

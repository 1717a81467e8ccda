import type { Call, Endpoint } from './load';
import type { SoakFixtures } from './soak-fixtures';
import { soakPassword } from './soak-fixtures';
import { mintAccessToken } from './tokens';

/** What the soak sends, by kind; webhooks are the emulator's, timed as they reach the API. */
export const kinds = ['catalogue', 'progress', 'login', 'checkout', 'webhook'] as const;
export type Kind = (typeof kinds)[number];

/** Share of the scheduled requests per kind (webhooks follow the checkouts, one or more each). */
export const mix: Record<Exclude<Kind, 'webhook'>, number> = {
  catalogue: 0.63,
  progress: 0.3,
  login: 0.05,
  checkout: 0.02,
};

/** Calls of each read endpoint's rotation the catalogue kind goes round (see `catalogue`). */
const readPopulation = 1000;

/** One window's raw figures: latencies per kind, answers expected and not. */
export interface TrafficWindow {
  seconds: number;
  latencies: Record<Kind, number[]>;
  /** answers with the expected status (2xx, or a refusal the request was built to get) */
  ok: Record<Kind, number>;
  /** expected non-2xx answers (wrong passwords: 401; refused cards: 402) */
  expectedNon2xx: Record<Kind, number>;
  /** unexpected statuses, network errors and timeouts, by `kind status` */
  errors: Record<string, number>;
  /** requests not sent because too many were in flight (the API fell behind the schedule) */
  dropped: number;
  /** the scheduler's worst delay in starting a request, ms (the soak process itself was late) */
  schedulerLagMs: number;
}

const perKind = <T>(value: () => T) => Object.fromEntries(kinds.map((k) => [k, value()])) as Record<Kind, T>;

const emptyWindow = (): Omit<TrafficWindow, 'seconds'> => ({
  latencies: perKind(() => [] as number[]),
  ok: perKind(() => 0),
  expectedNon2xx: perKind(() => 0),
  errors: {},
  dropped: 0,
  schedulerLagMs: 0,
});

/** A client address per caller, sent as X-Forwarded-For: the API trusts the loopback proxy. */
function addressOf(key: string): string {
  let h = 2166136261;
  for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 16777619);
  return `10.${(h >>> 16) & 255}.${(h >>> 8) & 255}.${h & 255}`;
}

/** The `sub` of one of the bench's minted tokens (to mint it again before it expires). */
function subjectOf(token: string): string {
  const payload = token.split('.')[1] ?? '';
  return (JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string }).sub;
}

interface TrafficOptions {
  baseUrl: string;
  /** the Mercado Pago emulator's REST origin and public key (card tokens, as MercadoPago.js does) */
  providerUrl: string;
  publicKey: string;
  jwtSecret: string;
  rate: number;
  maxInFlight: number;
  /** the bench's hot paths: reads for the catalogue kind, the progress write for progress */
  reads: Endpoint[];
  progressWrite: Endpoint;
  fixtures: SoakFixtures;
  random: () => number;
}

/**
 * The soak's open-loop load: `rate` requests per second started on a fixed schedule (not as fast
 * as the answers come back), each of a kind drawn with the `mix` weights. Records every answer in
 * the current window; `takeWindow()` hands it over and starts the next one.
 */
export class Traffic {
  private window = emptyWindow();
  private windowStarted = performance.now();
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<void>>();
  private readonly counters = { catalogue: 0, progress: 0, login: 0, checkout: 0 };
  private readonly fetch = globalThis.fetch;
  private tokens = new Map<string, string>();
  private tokenGeneration = 0;
  /** when the fixtures' tokens were minted (about) */
  private readonly created = Date.now();
  /** checkouts by outcome, to check against the database afterwards */
  readonly approved: { userId: string; programId: string }[] = [];
  readonly refused: { userId: string; programId: string }[] = [];
  /** the first few unexpected answers, for the report */
  readonly errorExamples: string[] = [];
  started = 0;

  constructor(private readonly options: TrafficOptions) {}

  /** Starts the schedule: every 5 ms, as many requests as are due since the start. */
  start(): void {
    const begin = performance.now();
    this.started = Date.now();
    let sent = 0;
    this.timer = setInterval(() => {
      const now = performance.now();
      const due = Math.floor(((now - begin) / 1000) * this.options.rate);
      if (due - sent > 1) {
        const lag = now - begin - ((sent + 1) / this.options.rate) * 1000;
        this.window.schedulerLagMs = Math.max(this.window.schedulerLagMs, lag);
      }
      for (; sent < due; sent++) this.launch();
    }, 5);
  }

  /** Stops scheduling and waits (bounded) for the requests in flight. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await Promise.race([
      Promise.allSettled([...this.inFlight]),
      new Promise((resolve) => setTimeout(resolve, 15_000)),
    ]);
  }

  get pending(): number {
    return this.inFlight.size;
  }

  takeWindow(): TrafficWindow {
    const now = performance.now();
    const taken = { ...this.window, seconds: (now - this.windowStarted) / 1000 };
    this.window = emptyWindow();
    this.windowStarted = now;
    return taken;
  }

  /** Records one answer (or a failure to get one, status 0) of `kind`. */
  record(kind: Kind, ms: number, status: number, expected: readonly number[], detail = ''): void {
    const w = this.window;
    if (expected.includes(status)) {
      w.latencies[kind].push(ms);
      if (status >= 200 && status < 300) w.ok[kind]++;
      else w.expectedNon2xx[kind]++;
      return;
    }
    const key = `${kind} ${status || 'no answer'}`;
    w.errors[key] = (w.errors[key] ?? 0) + 1;
    if (this.errorExamples.length < 20)
      this.errorExamples.push(`${new Date().toISOString()} ${key} ${detail.slice(0, 200)}`);
  }

  private launch(): void {
    if (this.inFlight.size >= this.options.maxInFlight) {
      this.window.dropped++;
      return;
    }
    const r = this.options.random();
    let kind: keyof typeof mix = 'catalogue';
    let edge = 0;
    for (const [k, share] of Object.entries(mix) as [keyof typeof mix, number][]) {
      edge += share;
      if (r < edge) {
        kind = k;
        break;
      }
    }
    const i = this.counters[kind]++;
    const work =
      kind === 'catalogue'
        ? this.catalogue(i)
        : kind === 'progress'
          ? this.progress(i)
          : kind === 'login'
            ? this.login(i)
            : this.checkout(i);
    const tracked: Promise<void> = work
      .catch((error: unknown) => this.record(kind, 0, 0, [], (error as Error).message))
      .finally(() => this.inFlight.delete(tracked));
    this.inFlight.add(tracked);
  }

  /** The bench's minted tokens last 2 hours: from the first hour on, send tokens minted afresh. */
  private token(token: string): string {
    const generation = Math.floor((Date.now() - this.created) / 3_600_000);
    if (generation === 0) return token;
    if (generation !== this.tokenGeneration) {
      this.tokens = new Map();
      this.tokenGeneration = generation;
    }
    let fresh = this.tokens.get(token);
    if (!fresh) {
      fresh = mintAccessToken(this.options.jwtSecret, subjectOf(token));
      this.tokens.set(token, fresh);
    }
    return fresh;
  }

  /** One HTTP request to the API; resolves with the status and body, timed. */
  private async send(
    call: { method: 'GET' | 'POST'; path: string; token?: string; body?: string },
    client: string,
  ): Promise<{ status: number; ms: number; text: string }> {
    const started = performance.now();
    const response = await this.fetch(`${this.options.baseUrl}${call.path}`, {
      method: call.method,
      headers: {
        ...(call.token ? { authorization: `Bearer ${this.token(call.token)}` } : {}),
        ...(call.body ? { 'content-type': 'application/json' } : {}),
        'x-forwarded-for': addressOf(client),
      },
      body: call.body,
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    return { status: response.status, ms: performance.now() - started, text };
  }

  private async timed(kind: Kind, call: Call, expected: readonly number[] = [200]): Promise<void> {
    const answer = await this.send(call, call.token);
    this.record(kind, answer.ms, answer.status, expected, `${call.method} ${call.path}: ${answer.text}`);
  }

  /**
   * Catalogue reads: the bench's read endpoints in turn, each going round the first
   * `readPopulation` calls of its rotation (callers, courses, search words), so that the API's
   * per-user caches are full after a few minutes and stay so: what grows after that is not them.
   */
  private catalogue(i: number): Promise<void> {
    const { reads } = this.options;
    const endpoint = reads[i % reads.length];
    if (!endpoint) throw new Error('no read endpoint');
    return this.timed('catalogue', endpoint.call(Math.floor(i / reads.length) % readPopulation));
  }

  /** Progress writes: the bench's learners watching their courses section after section. */
  private progress(i: number): Promise<void> {
    return this.timed('progress', this.options.progressWrite.call(i));
  }

  /** Logins with e-mail and password; one in ten with a wrong password (401 expected). */
  private async login(i: number): Promise<void> {
    const users = this.options.fixtures.loginUsers;
    const user = users[i % users.length];
    if (!user) throw new Error('no login user');
    const wrong = i % 10 === 9;
    const password = wrong ? `${soakPassword}-wrong` : soakPassword;
    const answer = await this.send(
      { method: 'POST', path: '/api/users/login', body: JSON.stringify({ email: user.email, password }) },
      user.email,
    );
    this.record('login', answer.ms, answer.status, [wrong ? 401 : 200], answer.text);
  }

  /**
   * A program bought by card, as the checkout page does it: the preview (a catalogue read), a card
   * token from the provider, then the payment through the API, which charges at the provider; the
   * provider's webhook follows. One in five cards is refused for insufficient funds (402 expected).
   * Each buyer buys a different program each round, so no purchase is ever a repeat.
   */
  private async checkout(i: number): Promise<void> {
    const { buyers, programs } = this.options.fixtures;
    const b = i % buyers.length;
    const buyer = buyers[b];
    const program = programs[(b * 31 + Math.floor(i / buyers.length)) % programs.length];
    if (!buyer || !program) throw new Error('no buyer or program');
    const client = buyer.userId;
    const preview = await this.send(
      { method: 'GET', path: `/api/academy/program-preview/${program.id}`, token: buyer.token },
      client,
    );
    this.record('catalogue', preview.ms, preview.status, [200], `program preview: ${preview.text}`);
    if (preview.status !== 200) return;

    const refused = i % 5 === 4;
    const document = String(20_000_000 + ((i * 7919) % 70_000_000));
    const card = await this.fetch(
      `${this.options.providerUrl}/v1/card_tokens?public_key=${this.options.publicKey}`,
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          card_number: '4509953566233704',
          security_code: '123',
          expiration_month: 11,
          expiration_year: 2030,
          cardholder: { name: refused ? 'FUND' : 'APRO', identification: { type: 'DNI', number: document } },
        }),
        signal: AbortSignal.timeout(10_000),
      },
    );
    const cardBody = (await card.json().catch(() => ({}))) as { id?: string };
    if (card.status !== 201 || !cardBody.id) {
      this.record('checkout', 0, card.status, [], `card token: ${JSON.stringify(cardBody)}`);
      return;
    }
    const installments = i % 2 === 0 || program.maxInstallments < 3 ? 1 : 3;
    const payment = await this.send(
      {
        method: 'POST',
        path: '/api/users/mercadopago/payment/program',
        token: buyer.token,
        body: JSON.stringify({
          programId: program.id,
          cardDetails: {
            identification: { type: 'DNI', number: document },
            issuerId: '310',
            paymentMethodId: 'visa',
            cardTokenId: cardBody.id,
          },
          installments,
        }),
      },
      client,
    );
    this.record('checkout', payment.ms, payment.status, [refused ? 402 : 200], payment.text);
    const pair = { userId: buyer.userId, programId: program.id };
    if (payment.status === 200) this.approved.push(pair);
    else if (payment.status === 402) this.refused.push(pair);
  }
}

/**
 * Times the provider's webhooks as they reach the API: the emulator runs in this process and
 * posts them with the global fetch, so a wrapper around it sees each delivery attempt and its
 * answer. Returns the function that removes the wrapper.
 */
export function timeWebhooks(traffic: Traffic, path = '/api/payments/webhooks/'): () => void {
  const original = globalThis.fetch;
  globalThis.fetch = async (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.includes(path)) return original(input, init);
    const started = performance.now();
    try {
      const response = await original(input, init);
      traffic.record('webhook', performance.now() - started, response.status, [200, 201, 204], url);
      return response;
    } catch (error) {
      traffic.record('webhook', performance.now() - started, 0, [], `${url}: ${(error as Error).message}`);
      throw error;
    }
  };
  return () => {
    globalThis.fetch = original;
  };
}

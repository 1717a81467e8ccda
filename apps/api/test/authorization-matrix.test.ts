import type { Credentials } from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { SignJWT } from 'jose';
import { expect, it } from 'vitest';
import { resolveJwtSecret } from '../src/plugins/authentication';
import { goodPassword, login, register, uniqueEmail } from './accounts';
import { type AdminCtx, adminRows, rolesWith } from './admin-authorization-rows';
import { aladinaRows } from './aladina-authorization-rows';
import { operatorSession } from './operators';
import { cardToken, eventually, ordersOf, seedTestPlans, subscribe } from './payments';
import { type PfmIds, pfmRows, seedPfmOf } from './pfm-authorization-rows';
import {
  createProgramsTestApp,
  payProgram,
  programOrdersOf,
  purchasesOf,
  seedTestProgramCatalog,
} from './programs';
import { remindersNotPersonScoped, remindersRows } from './reminders-authorization-rows';

/**
 * Issue 21, "Other people's data": every /api route of the OpenAPI document has a row here. A
 * person-scoped row is tried with her token, another member's token and six bad credentials; a
 * route that belongs to nobody says why. A route without a row fails the test. The /api/admin
 * routes (issue 18) have operator columns instead: admin-authorization-rows.ts.
 */

type Variant = 'none' | 'expired' | 'otherKey' | 'algNone' | 'refreshAsAccess' | 'deleted';
const badVariants: Variant[] = ['none', 'expired', 'otherKey', 'algNone', 'refreshAsAccess', 'deleted'];

interface Person {
  userId: string;
  email: string;
  name: string;
  credentials: Credentials;
}

interface Ctx {
  ana: Person;
  bea: Person;
  /** Ana's approved program payment (id as the API shows it) */
  paymentId: string;
  /** its operation number at the provider */
  providerPaymentId: string;
  /** Ana's certificate of prog-abierto */
  certificateId: string;
  /** Ana's subscription agreement at the provider */
  preapprovalId: string;
  /** the invoice of her program payment, authorized by the ARCA stand-in */
  fiscalDocumentId: string;
  /** her Mis Cuentas: an account, a movement, a rule, a card with a closed statement (issue 43) */
  pfm: PfmIds;
}

interface Row {
  /** `METHOD /path` as in the OpenAPI document */
  route: string;
  /** the request, for whoever's credential; `refreshToken` for the rows that carry it in the body */
  request: (c: Ctx, refreshToken: string) => InjectOptions;
  /** her answer */
  owner: number[];
  /** another member's answer (her own data, or a refusal); her identifiers never appear in it */
  other: number[];
  /** strings of Ana's (besides her id, e-mail and name) that Bea's answer must not contain */
  foreign?: (c: Ctx) => string[];
  /** an anonymous call is allowed (routes with an optional token): its expected answer */
  anonymous?: number[];
  /** the credential travels in the body (refreshToken), not in the Authorization header */
  bodyCredential?: boolean;
  /** the answer to every bad credential, when it is not 401 (a route that ignores a bad token) */
  bad?: Partial<Record<Variant, number[]>>;
  /** a check of what was stored once the row ran: an error text, or null */
  stored?: (c: Ctx & { app: FastifyInstance }) => Promise<string | null>;
}

const get = (url: string) => () => ({ method: 'GET' as const, url });
const post = (url: string, payload: object) => () => ({ method: 'POST' as const, url, payload });

/** Person-scoped rows, in the order they run (destructive ones last). */
const personRows: Row[] = [
  // the caller and her account
  { route: 'GET /api/users', request: get('/api/users'), owner: [200], other: [200] },
  {
    route: 'PATCH /api/users/partialonboarding',
    request: () => ({
      method: 'PATCH',
      url: '/api/users/partialonboarding',
      payload: { countryCode: 'AR', telephone: '1123456789' },
    }),
    owner: [200],
    other: [200],
  },
  {
    route: 'POST /api/users/analytic',
    // an event is never lost: a bad token stores it anonymously (track-event.ts), never as hers
    request: post('/api/users/analytic', {
      event: 'matrix.visit',
      source: 'web',
      deviceId: 'device-matrix-1',
      timestamp: new Date().toISOString(),
    }),
    owner: [204],
    other: [204],
    anonymous: [204],
    bad: { expired: [204], otherKey: [204], algNone: [204], refreshAsAccess: [204], deleted: [204] },
    stored: async ({ app, ana }) => {
      const { rows } = await app.db.execute<{ n: number }>(
        sql`select count(*)::int as n from analytics_events where event = 'matrix.visit' and user_id = ${ana.userId}`,
      );
      return rows[0]?.n === 1 ? null : `${rows[0]?.n} events stored as hers, expected only her own`;
    },
  },
  {
    route: 'PATCH /api/users/me',
    request: () => ({ method: 'PATCH', url: '/api/users/me', payload: { phone: '1123456789' } }),
    owner: [200],
    other: [200],
  },
  { route: 'GET /api/users/me/security', request: get('/api/users/me/security'), owner: [200], other: [200] },
  {
    route: 'GET /api/users/me/export',
    request: get('/api/users/me/export'),
    owner: [200],
    other: [200],
    foreign: (c) => [c.certificateId, c.preapprovalId],
  },
  {
    route: 'POST /api/users/me/email',
    request: post('/api/users/me/email', { email: 'matriz.nueva@example.com' }),
    owner: [200],
    other: [200],
  },
  {
    route: 'POST /api/users/me/email/confirm',
    request: post('/api/users/me/email/confirm', { email: 'matriz.nueva@example.com', code: '000000' }),
    owner: [400],
    other: [400],
  },
  {
    route: 'POST /api/users/me/password',
    // a wrong current password: the caller is known (not 401), nothing changes
    request: post('/api/users/me/password', { currentPassword: 'NoEsLaClave1', newPassword: 'OtraClave123' }),
    owner: [400],
    other: [400],
  },
  {
    route: 'POST /api/users/me/deletion-code',
    request: post('/api/users/me/deletion-code', {}),
    // both have a password: refused as theirs (PASSWORD_REQUIRED)
    owner: [409],
    other: [409],
  },
  // academy: the catalogue as she sees it, the course viewer, progress, certificates, files
  { route: 'GET /api/academy', request: get('/api/academy?search=programa'), owner: [200], other: [200] },
  { route: 'GET /api/academy/courses', request: get('/api/academy/courses'), owner: [200], other: [200] },
  {
    route: 'GET /api/academy/courses/quick',
    request: get('/api/academy/courses/quick'),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/academy/v2/programs',
    request: get('/api/academy/v2/programs'),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/academy/v2/programs/quick',
    request: get('/api/academy/v2/programs/quick'),
    owner: [200],
    other: [200],
  },
  { route: 'GET /api/academy/packs', request: get('/api/academy/packs'), owner: [200], other: [200] },
  {
    route: 'GET /api/academy/packs/quick',
    request: get('/api/academy/packs/quick'),
    owner: [200],
    other: [200],
  },
  { route: 'GET /api/academy/events', request: get('/api/academy/events'), owner: [200], other: [200] },
  { route: 'GET /api/academy/filters', request: get('/api/academy/filters'), owner: [200], other: [200] },
  {
    route: 'GET /api/academy/{courseId}',
    request: get('/api/academy/prog-abierto'),
    owner: [200],
    other: [403],
  },
  {
    route: 'GET /api/academy/preview/{courseId}',
    request: get('/api/academy/preview/prog-abierto'),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/academy/{courseId}/presentation',
    request: get('/api/academy/prog-abierto/presentation'),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/academy/{courseId}/details',
    request: get('/api/academy/prog-abierto/details'),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/academy/{courseId}/faqs',
    request: get('/api/academy/prog-abierto/faqs'),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/academy/content/progress',
    request: get('/api/academy/content/progress'),
    owner: [200],
    other: [200],
    foreign: () => ['prog-abierto'],
  },
  {
    route: 'GET /api/academy/progress/{courseId}',
    request: get('/api/academy/progress/prog-abierto'),
    owner: [200],
    other: [200],
    // Bea reads her own (empty) progress of the course, never Ana's sections
    foreign: () => ['pa-s1', 'pa-s4'],
  },
  {
    route: 'POST /api/academy/progress',
    request: post('/api/academy/progress', {
      courseId: 'prog-abierto',
      progress: { moduleId: 'pa-m1', sectionId: 'pa-s1', seconds: 120 },
    }),
    owner: [200],
    other: [403],
  },
  {
    route: 'POST /api/academy/progress/on-close',
    request: (_c, refreshToken) => ({
      method: 'POST',
      url: '/api/academy/progress/on-close',
      payload: {
        courseId: 'prog-abierto',
        progress: { moduleId: 'pa-m1', sectionId: 'pa-s1', seconds: 120 },
        refreshToken,
      },
    }),
    owner: [200],
    other: [403],
    bodyCredential: true,
    // an access token is longer than any refresh token: refused by the schema
    bad: { refreshAsAccess: [400] },
  },
  // classes kept for the bus (issue 44): a batch recorded under her account, and the access check
  {
    route: 'POST /api/academy/progress/offline',
    request: (c) =>
      post('/api/academy/progress/offline', {
        userId: c.ana.userId,
        events: [
          {
            eventId: '6f1f4f52-3c2a-4d7e-9d1b-0a4b2e8c7d11',
            courseId: 'prog-abierto',
            moduleId: 'pa-m1',
            sectionId: 'pa-s1',
            seconds: 90,
            at: '2026-11-29T12:00:00.000Z',
          },
        ],
      })(),
    owner: [200],
    // a batch recorded under another account is refused whole (OFFLINE_PROGRESS_OTHER_ACCOUNT)
    other: [403],
  },
  {
    route: 'POST /api/academy/offline/access',
    request: post('/api/academy/offline/access', {
      classes: [{ courseId: 'prog-abierto', sectionId: 'pa-s1' }],
    }),
    owner: [200],
    // her own answer: the class is not one she may play
    other: [200],
  },
  {
    route: 'POST /api/academy/start-course',
    request: post('/api/academy/start-course', { courseId: 'prog-abierto' }),
    owner: [200],
    other: [403],
  },
  {
    route: 'GET /api/academy/certificate',
    request: get('/api/academy/certificate?course_id=prog-abierto'),
    owner: [200],
    other: [403],
    foreign: (c) => [c.certificateId],
  },
  {
    route: 'GET /api/academy/file-url/{*}',
    request: get('/api/academy/file-url/materiales/pa-s2.pdf'),
    owner: [200],
    other: [403],
  },
  // Novedades, her home (issue 44): her own week, goal and class to continue
  {
    route: 'POST /api/users/app-handoff',
    request: () => ({ method: 'POST', url: '/api/users/app-handoff', payload: { next: '/novedades' } }),
    owner: [201],
    other: [201],
  },
  { route: 'GET /api/news/home', request: get('/api/news/home'), owner: [200], other: [200] },
  {
    route: 'PUT /api/news/goal',
    request: () => ({ method: 'PUT', url: '/api/news/goal', payload: { kind: 'CLASSES', target: 3 } }),
    owner: [200],
    other: [200],
  },
  // community
  {
    route: 'GET /api/community/check-access',
    request: get('/api/community/check-access'),
    owner: [200],
    other: [200],
  },
  // the COMMUNITY switch is off in tests: the same 404 for both, after the token check
  { route: 'GET /api/community', request: get('/api/community'), owner: [404], other: [404] },
  // subscriptions
  {
    route: 'GET /api/users/subscriptions',
    request: get('/api/users/subscriptions'),
    owner: [200],
    other: [200],
    anonymous: [200],
  },
  {
    route: 'GET /api/users/subscriptions/search',
    request: get('/api/users/subscriptions/search?name=basico'),
    owner: [200],
    other: [200],
    anonymous: [200],
  },
  {
    route: 'GET /api/users/isSubscribed',
    request: get('/api/users/isSubscribed'),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/users/subscriptions/lastOrigin',
    request: get('/api/users/subscriptions/lastOrigin'),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/users/mercadopago/suscription',
    request: get('/api/users/mercadopago/suscription'),
    owner: [200],
    other: [200],
    foreign: (c) => [c.preapprovalId],
  },
  {
    route: 'GET /api/users/me/subscription',
    request: get('/api/users/me/subscription'),
    owner: [200],
    other: [200],
    foreign: (c) => [c.preapprovalId],
  },
  {
    route: 'GET /api/users/me/access',
    request: get('/api/users/me/access'),
    owner: [200],
    other: [200],
    foreign: (c) => [c.preapprovalId, c.providerPaymentId],
  },
  {
    // issue 30: the first answer of every logged-in screen (user, subscription, flags, switches)
    route: 'GET /api/users/me/bootstrap',
    request: get('/api/users/me/bootstrap'),
    owner: [200],
    other: [200],
    foreign: (c) => [c.preapprovalId, c.providerPaymentId],
  },
  {
    // issue 30: the academy home's first calls in one answer (each part the endpoint's own)
    route: 'GET /api/users/me/academy-home',
    request: get('/api/users/me/academy-home'),
    owner: [200],
    other: [200],
    foreign: (c) => [c.preapprovalId, c.providerPaymentId],
  },
  {
    route: 'POST /api/users/subscriptions/usePromoCode',
    request: post('/api/users/subscriptions/usePromoCode', { promoCode: 'NO-EXISTE-MATRIZ' }),
    owner: [404],
    other: [404],
  },
  {
    route: 'POST /api/users/mercadopago/suscription',
    // she is already subscribed to this plan: refused as hers; Bea is refused for the card token
    // the provider does not know (issue 39 point 10)
    request: post('/api/users/mercadopago/suscription', {
      subscriptionPlanName: 'basico',
      subscriptionPlanFrequency: 'monthly',
      cardToken: 'token-que-no-existe',
    }),
    owner: [409],
    other: [422],
  },
  {
    route: 'PUT /api/users/me/subscription/card',
    request: () => ({
      method: 'PUT',
      url: '/api/users/me/subscription/card',
      payload: { cardToken: 'token-que-no-existe' },
    }),
    owner: [422],
    other: [404],
  },
  {
    route: 'POST /api/users/me/subscription/reactivate',
    request: post('/api/users/me/subscription/reactivate', { cardToken: 'token-que-no-existe' }),
    owner: [409],
    other: [409],
  },
  // program checkout and payments
  {
    route: 'GET /api/users/payment/attempts',
    request: get('/api/users/payment/attempts?purchaseType=PROGRAM_PURCHASE&productId=prog-abierto'),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/users/mercadopago/payment/program/{programId}/installments',
    request: get('/api/users/mercadopago/payment/program/prog-abierto/installments?bin=450995'),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/academy/program-preview/{programId}',
    request: get('/api/academy/program-preview/prog-abierto'),
    owner: [409],
    other: [200],
    anonymous: [200],
  },
  {
    route: 'GET /api/academy/program/{programId}/promo-code/{code}/availability',
    request: get('/api/academy/program/prog-una-cuota/promo-code/PROG-25/availability'),
    owner: [200],
    other: [200],
  },
  {
    route: 'POST /api/academy/program/{programId}/promo-code/{code}/activate',
    request: post('/api/academy/program/prog-abierto/promo-code/PROG-25/activate', {}),
    owner: [400],
    other: [400],
  },
  {
    route: 'POST /api/users/mercadopago/payment/program',
    request: post('/api/users/mercadopago/payment/program', {
      programId: 'prog-abierto',
      cardDetails: {
        identification: { type: 'DNI', number: '12345678' },
        issuerId: '310',
        paymentMethodId: 'visa',
        cardTokenId: 'token-que-no-existe',
      },
      installments: 1,
    }),
    owner: [409],
    other: [422],
  },
  {
    route: 'POST /api/users/payment/link',
    request: post('/api/users/payment/link', { programId: 'prog-hosted' }),
    owner: [200],
    other: [200],
  },
  {
    route: 'GET /api/users/me/payments',
    request: get('/api/users/me/payments'),
    owner: [200],
    other: [200],
    foreign: (c) => [c.providerPaymentId, 'prog-abierto', 'Programa Abierto'],
  },
  {
    route: 'GET /api/users/me/payments/{id}/receipt',
    request: (c) => get(`/api/users/me/payments/${c.paymentId}/receipt`)(),
    owner: [200],
    other: [404],
  },
  {
    route: 'GET /api/users/me/fiscal-documents/{id}/pdf',
    request: (c) => get(`/api/users/me/fiscal-documents/${c.fiscalDocumentId}/pdf`)(),
    owner: [200],
    other: [404],
  },
  // Mis Cuentas (issue 43): her accounts, cards, movements, statements; its deletions last
  ...pfmRows,
  // reminders (issue 44): her settings; a push subscription of hers refused to another member
  ...remindersRows,
  // Aladina (issue 42): her questions, ratings and class notes
  ...aladinaRows,
  // destructive: the withdrawal refunds her program; the cancellation ends her renewal
  {
    route: 'POST /api/users/me/withdrawals',
    request: (c) => post('/api/users/me/withdrawals', { paymentId: c.paymentId })(),
    owner: [200],
    other: [404],
  },
  {
    route: 'POST /api/users/me/subscription/cancel',
    request: post('/api/users/me/subscription/cancel', {}),
    owner: [200],
    other: [404],
  },
];

/** DELETE /api/users/me runs in the set-up: it makes the deleted account the other rows use. */
const deleteRoute = 'DELETE /api/users/me';

/** Routes that belong to nobody, or take no bearer token at all, with the reason. */
const notPersonScoped: Record<string, string> = {
  'GET /api/health': 'liveness probe, no data',
  'GET /api/ready': 'readiness probe, no data',
  'POST /api/users/register': 'creates an account; no caller yet',
  'POST /api/users/login': 'credentials in the body, no bearer token',
  'POST /api/users/app-handoff/redeem':
    'a single-use code from the app in the body, no bearer token (app-handoff.test.ts, decision 0353)',
  'POST /api/users/login/mfa':
    "the password step's short-lived mfaToken in the body; rate-limited per verified operator and per address",
  'POST /api/users/refreshToken': 'the refresh token in the body is the credential (sessions.ts tests)',
  'POST /api/users/logout': 'ends the session of the refresh token in the body',
  'POST /api/users/validateAccount': 'e-mailed single-use code in the body',
  'POST /api/users/resendConfirmationCode': 'e-mailed code, answers the same for any address',
  'POST /api/users/forgotPassword': 'e-mailed code, answers the same for any address',
  'POST /api/users/confirmPassword': 'e-mailed single-use code in the body',
  'GET /api/users/credentials': 'login link: e-mailed single-use code in the query',
  'GET /api/users/socialLogin/start': 'redirect to the identity provider',
  'GET /api/users/socialLogin': 'identity provider callback (state + code)',
  'GET /api/service-control/{name}': 'operator switches, the same for everyone',
  'GET /api/remote-config/feature-flags': 'feature flags, the same for everyone',
  'GET /api/files/{*}': 'HMAC-signed expiring URL is the credential (issued by file-url, a row here)',
  'GET /api/certificates/{id}':
    'public verification of a printed certificate by its unguessable code (by design)',
  'GET /api/payments/config': 'public key of the payment provider',
  'GET /api/academy/public/courses': "the shop window's catalogue: published content only, reads no token",
  'GET /api/academy/public/programs':
    "the shop window's programs and packs: published content only, reads no token",
  'GET /api/academy/public/filters': "the shop window's filters, the same for everyone, reads no token",
  'GET /api/academy/public/{courseId}':
    'a published course page for visitors: no content addresses, reads no token',
  'GET /api/users/payment/checkout-provider':
    'which provider sells a program: the same for everyone, reads no token',
  'POST /api/payments/webhooks/mercadopago': 'provider webhook, authenticated by its signature',
  'POST /api/payments/webhooks/hosted-checkout': 'provider webhook, authenticated by its signature',
  'POST /api/users/mercadopago/preference': 'guest membership checkout: no account, no token read',
  'POST /api/withdrawals/request': 'guest withdrawal: proven by a mailed code, not a token',
  'POST /api/withdrawals/confirm': 'guest withdrawal: proven by a mailed code, not a token',
  'POST /api/subscription-cancellations/request': 'visitor botón de baja: mailed code, not a token',
  'POST /api/subscription-cancellations/confirm': 'visitor botón de baja: mailed code, not a token',
  'GET /api/dev/mailbox': 'captured mail, not registered in production',
  ...remindersNotPersonScoped,
};

it('authorization matrix: every person-scoped route × every kind of caller', {
  timeout: 120_000,
}, async () => {
  const t = await createProgramsTestApp();
  try {
    const { app, emulator } = t;
    await seedTestPlans(app);
    await seedTestProgramCatalog(app);

    // ---- every /api route of the app must have a row
    const doc = (await app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const routes = Object.entries(doc.paths)
      .filter(([p]) => p.startsWith('/api/'))
      .flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
    const known = new Set([
      ...personRows.map((r) => r.route),
      deleteRoute,
      ...Object.keys(notPersonScoped),
      ...adminRows.map((r) => r.route),
    ]);
    const withoutRow = routes.filter((r) => !known.has(r));
    expect(withoutRow, 'a new route without a row in the authorization matrix').toEqual([]);
    const gone = [...known].filter((r) => !routes.includes(r));
    expect(gone, 'rows of routes that no longer exist').toEqual([]);

    // ---- the people
    const person = async (name: string): Promise<Person> => {
      const email = uniqueEmail('matriz');
      const reg = await register(app, { email, name, telephone: '1123456789' });
      if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
      const credentials = (await login(app, email)).json() as Credentials;
      return { userId: credentials.userId, email, name, credentials };
    };
    const ana = await person('Anastasia Dueñamatriz');
    const bea = await person('Beatriz Otramatriz');
    const dora = await person('Dorotea Borradamatriz');
    const h = (p: Person) => ({ authorization: `Bearer ${p.credentials.accessToken}` });

    // ---- her objects: a program bought by card, its progress and certificate, a subscription
    const paid = await payProgram(app, h(ana), {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(emulator),
    });
    expect(paid.statusCode, paid.body).toBeLessThan(300);
    await eventually(async () => expect((await purchasesOf(app, h(ana))).programs).toContain('prog-abierto'));
    for (const [moduleId, sectionId] of [
      ['pa-m1', 'pa-s1'],
      ['pa-m1', 'pa-s2'],
      ['pa-m2', 'pa-s3'],
      ['pa-m2', 'pa-s4'],
    ]) {
      const saved = await app.inject({
        method: 'POST',
        url: '/api/academy/progress',
        headers: h(ana),
        payload: { courseId: 'prog-abierto', progress: { moduleId, sectionId, seconds: 120 } },
      });
      expect(saved.statusCode, saved.body).toBe(200);
    }
    const cert = await eventually(async () => {
      const res = await app.inject({
        method: 'GET',
        url: '/api/academy/certificate?course_id=prog-abierto',
        headers: h(ana),
      });
      expect(res.statusCode, res.body).toBe(200);
      return res;
    });
    const certificateId = String(cert.headers['x-certificate-id']);
    const subscribed = await subscribe(
      app,
      { userId: ana.userId, email: ana.email, credentials: ana.credentials, headers: h(ana) },
      {
        subscriptionPlanName: 'basico',
        subscriptionPlanFrequency: 'monthly',
        cardToken: await cardToken(emulator),
      },
    );
    expect(subscribed.statusCode, subscribed.body).toBeLessThan(300);
    const preapprovalId = await eventually(async () => {
      const order = (await ordersOf(app, ana.userId)).find((o) => o.provider_preapproval_id);
      if (!order?.provider_preapproval_id) throw new Error('no agreement yet');
      return order.provider_preapproval_id;
    });
    const programOrder = (await programOrdersOf(app, ana.userId))[0];
    expect(programOrder?.status).toBe('paid');
    const programPayment = await eventually(async () => {
      const listed = (
        await app.inject({ method: 'GET', url: '/api/users/me/payments', headers: h(ana) })
      ).json() as {
        payments: { id: string; kind: string; status: string; providerPaymentId: string }[];
      };
      const found = listed.payments.find((p) => p.kind === 'program' && p.status === 'approved');
      if (!found) throw new Error(`no program payment of hers listed: ${JSON.stringify(listed)}`);
      return found;
    });
    // The invoices of the payments so far, from the ARCA stand-in (tests run the issuer).
    await app.invoicing.runDue();
    const { rows: invoiceRows } = await app.db.execute<{ id: string }>(
      sql`select id::text as id from fiscal_documents where payment_id = ${Number(programPayment.id)} and status = 'ISSUED'`,
    );
    const ctx: Ctx = {
      ana,
      bea,
      paymentId: programPayment.id,
      providerPaymentId: programPayment.providerPaymentId,
      certificateId,
      preapprovalId,
      fiscalDocumentId: invoiceRows[0]?.id ?? '',
      pfm: await seedPfmOf(app, h(ana)),
    };

    // ---- counting cells
    let tried = 0;
    const wrong: string[] = [];
    const cell = (route: string, who: string, ok: boolean, detail: string) => {
      tried++;
      if (!ok) wrong.push(`${route} [${who}] ${detail}`);
    };
    const excerpt = (res: LightMyRequestResponse) =>
      `${res.statusCode} ${(res.headers['content-type'] ?? '').toString().startsWith('application/json') ? res.body.slice(0, 200) : ''}`;

    // ---- the bad credentials
    const secret = resolveJwtSecret(app.config);
    const claims = { typ: 'access' };
    const expired = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ana.userId)
      .setIssuedAt(Math.floor(Date.now() / 1000) - 3600)
      .setExpirationTime(Math.floor(Date.now() / 1000) - 60)
      .sign(secret);
    const otherKey = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(ana.userId)
      .setIssuedAt()
      .setExpirationTime('15m')
      .sign(new TextEncoder().encode('another-key-that-is-long-enough-0123456789'));
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, sub: ana.userId, exp: Math.floor(Date.now() / 1000) + 900 })}.`;
    const tokenOf: Record<Variant, string | null> = {
      none: null,
      expired,
      otherKey,
      algNone,
      refreshAsAccess: ana.credentials.refreshToken,
      deleted: dora.credentials.accessToken,
    };
    // for the row whose credential is a refresh token in the body: the same six, seen from there
    const bodyTokenOf: Record<Variant, string> = {
      none: 'sin-sesion',
      expired,
      otherKey,
      algNone,
      refreshAsAccess: ana.credentials.accessToken, // an access token used as a refresh token
      deleted: dora.credentials.refreshToken,
    };

    // each cell from its own address: the per-address and per-user rate limits never answer first
    let address = 0;
    const send = (row: Row, token: string | null, bodyToken: string) => {
      const options = row.request(ctx, bodyToken);
      address++;
      return app.inject({
        ...options,
        remoteAddress: `10.21.${Math.floor(address / 250)}.${(address % 250) + 1}`,
        headers: {
          ...(options.headers ?? {}),
          ...(token && !row.bodyCredential ? { authorization: `Bearer ${token}` } : {}),
        },
      });
    };
    const foreignOf = (row: Row) => [ana.userId, ana.email, ana.name, ...(row.foreign?.(ctx) ?? [])];

    // ---- DELETE /api/users/me, a row of its own: Dora (the owner here) deletes her account, which
    // makes the deleted account every other row tries. Bea's call carries a wrong password (with
    // the right one she would delete herself: no id in this route could name someone else); the
    // bad tokens carry Ana's id and the right password, so accepting one would delete Ana.
    {
      const deleteWith = (password: string): Row => ({
        route: deleteRoute,
        request: () => ({ method: 'DELETE', url: '/api/users/me', payload: { password } }),
        owner: [204],
        other: [400],
      });
      const byOther = await send(deleteWith('NoEsLaClave1'), bea.credentials.accessToken, '');
      cell(deleteRoute, 'other', byOther.statusCode === 400, excerpt(byOther));
      const mine = await send(deleteWith(goodPassword), dora.credentials.accessToken, '');
      cell(deleteRoute, 'owner', mine.statusCode === 204, excerpt(mine));
      for (const variant of badVariants) {
        const res = await send(deleteWith(goodPassword), tokenOf[variant], '');
        cell(deleteRoute, variant, res.statusCode === 401, excerpt(res));
      }
      expect((await login(app, ana.email)).statusCode).toBe(200);
      expect((await login(app, bea.email)).statusCode).toBe(200);
    }

    for (const row of personRows) {
      for (const variant of badVariants) {
        const res = await send(row, tokenOf[variant], bodyTokenOf[variant]);
        const expected = (variant === 'none' ? row.anonymous : row.bad?.[variant]) ?? [401];
        const leaks = foreignOf(row).filter((s) => res.body.includes(s));
        cell(
          row.route,
          variant,
          expected.includes(res.statusCode) && leaks.length === 0,
          `${excerpt(res)} leaks=${leaks.join(',')}`,
        );
      }
      const byOther = await send(row, bea.credentials.accessToken, bea.credentials.refreshToken);
      const leaks = foreignOf(row).filter((s) => withHeaders(byOther).includes(s));
      cell(
        row.route,
        'other',
        row.other.includes(byOther.statusCode) && leaks.length === 0,
        `${excerpt(byOther)} leaks=${leaks.join(',')}`,
      );
      const mine = await send(row, ana.credentials.accessToken, ana.credentials.refreshToken);
      cell(row.route, 'owner', row.owner.includes(mine.statusCode), excerpt(mine));
      if (row.stored) {
        const problem = await row.stored({ ...ctx, app });
        cell(row.route, 'stored', problem === null, problem ?? '');
      }
    }

    // ---- the operator columns (issue 18): every /api/admin route × each role, a learner, bad credentials
    const carla = await person('Carla Compradoramatriz');
    const carlaPaid = await payProgram(app, h(carla), {
      programId: 'prog-abierto',
      cardTokenId: await cardToken(emulator),
    });
    expect(carlaPaid.statusCode, carlaPaid.body).toBeLessThan(300);
    const carlaPayment = await eventually(async () => {
      const { rows } = await app.db.execute<{ id: string; order_id: string }>(
        sql`select p.id::text as id, p.order_id::text as order_id from payments p join payment_orders o on o.id = p.order_id
             where o.user_id = ${carla.userId} and o.kind = 'program' and p.status = 'approved'`,
      );
      if (!rows[0]) throw new Error('no program payment of Carla yet');
      return rows[0];
    });
    const { rows: failedRows } = await app.db.execute<{ id: string }>(
      sql`insert into payment_refunds (payment_id, amount_centavos, status, reason, idempotency_key, attempts, error)
          values (${Number(carlaPayment.id)}, 100, 'FAILED', 'duplicate_payment', 'matrix-failed-refund', 8, 'matrix')
          returning id::text as id`,
    );
    await app.db.execute(
      sql`insert into promo_codes (code, type, discount_percent) values ('MATRIZ10', 'DISCOUNT_COUPON', 10)`,
    );
    // Carla's invoice, left FAILED for the retry route (the first retry issues it).
    await app.invoicing.runDue();
    const { rows: failedInvoices } = await app.db.execute<{ id: string }>(
      sql`update fiscal_documents set status = 'FAILED', number = null, cae = null
           where payment_id = ${Number(carlaPayment.id)} and kind = 'invoice' returning id::text as id`,
    );
    const adminCtx: AdminCtx = {
      app,
      member: { userId: carla.userId, email: carla.email },
      paymentId: carlaPayment.id,
      orderId: carlaPayment.order_id,
      failedRefundId: failedRows[0]?.id ?? '',
      fiscalDocumentId: failedInvoices[0]?.id ?? '',
      promoCode: 'MATRIZ10',
    };
    const operators = {
      admin: await operatorSession(app, 'admin'),
      editor: await operatorSession(app, 'editor'),
      support: await operatorSession(app, 'support'),
    };
    const sendAdmin = (options: InjectOptions, token: string | null) => {
      address++;
      return app.inject({
        ...options,
        remoteAddress: `10.22.${Math.floor(address / 250)}.${(address % 250) + 1}`,
        headers: { ...(options.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      });
    };
    let operatorCells = 0;
    // 403 FORBIDDEN (a HEAD answer carries no body: its status says it)
    const forbidden = (res: LightMyRequestResponse) =>
      res.statusCode === 403 &&
      (res.body === '' || (res.json() as { internalCode?: string }).internalCode === 'FORBIDDEN');
    for (const row of adminRows) {
      for (const variant of badVariants) {
        const res = await sendAdmin(row.request(adminCtx, 'anonymous'), tokenOf[variant]);
        cell(row.route, variant, res.statusCode === 401, excerpt(res));
      }
      const asLearner = await sendAdmin(row.request(adminCtx, 'learner'), bea.credentials.accessToken);
      cell(row.route, 'learner', forbidden(asLearner), excerpt(asLearner));
      const allowed = rolesWith(row.permission);
      for (const role of ['admin', 'editor', 'support'] as const) {
        const res = await sendAdmin(row.request(adminCtx, role), operators[role].credentials.accessToken);
        operatorCells++;
        const ok = allowed.includes(role) ? row.ok.includes(res.statusCode) : forbidden(res);
        cell(row.route, role, ok, excerpt(res));
      }
    }

    // biome-ignore lint/suspicious/noConsole: the matrix's figures are this test's report (issue 21)
    console.log(
      `authorization matrix: ${personRows.length + 1} person-scoped routes, ${Object.keys(notPersonScoped).length} not person-scoped, ` +
        `${adminRows.length} admin routes (${operatorCells} operator cells), ${tried} cells tried, ${wrong.length} cells wrong`,
    );
    expect(wrong).toEqual([]);
  } finally {
    await t.close();
  }
});

/** The body as text, headers included for binary answers (a PNG or PDF carries no JSON). */
function withHeaders(response: LightMyRequestResponse): string {
  return `${JSON.stringify(response.headers)}\n${response.body}`;
}

import { type AdminPermission, type OperatorRole, rolePermissions } from '@alcancia/contract/admin';
import type { FastifyInstance, InjectOptions } from 'fastify';

/**
 * Issue 18's operator columns of the authorization matrix (authorization-matrix.test.ts): every
 * /api/admin route of the OpenAPI document has a row here. Each row is tried with no session and
 * the bad credentials (401), a learner's token (403 FORBIDDEN), each role without the row's
 * permission (403 FORBIDDEN) and each role with it (`ok`). A route without a row fails the matrix.
 */
export interface AdminCtx {
  app: FastifyInstance;
  /** a member with a paid program (prog-abierto), for the member and payment routes */
  member: { userId: string; email: string };
  /** her program payment (payments.id as the API shows it) and its order */
  paymentId: string;
  orderId: string;
  /** a refund left FAILED, for the retry route */
  failedRefundId: string;
  /** an invoice left FAILED, for the fiscal retry route */
  fiscalDocumentId: string;
  /** a promo code made for the matrix */
  promoCode: string;
}

export interface AdminRow {
  /** `METHOD /path` as in the OpenAPI document */
  route: string;
  permission: AdminPermission;
  /** the request, made by `role` (mutations may aim at a target of their own per role) */
  request: (c: AdminCtx, role: OperatorRole | 'learner' | 'anonymous') => InjectOptions;
  /** the answer of a role holding the permission */
  ok: number[];
}

const get = (url: string) => () => ({ method: 'GET' as const, url });
const post =
  (url: string, payload: object = {}) =>
  () => ({ method: 'POST' as const, url, payload });

export const rolesWith = (permission: AdminPermission): OperatorRole[] =>
  (Object.keys(rolePermissions) as OperatorRole[]).filter((role) =>
    rolePermissions[role].includes(permission),
  );

/** In the order they run (each role runs a row before the next row). */
export const adminRows: AdminRow[] = [
  // the operator herself
  { route: 'GET /api/admin/me', permission: 'self', request: get('/api/admin/me'), ok: [200] },
  {
    route: 'POST /api/admin/me/totp',
    permission: 'self',
    // a session alone starts nothing: past the guard, refused for the wrong password (issue 29)
    request: post('/api/admin/me/totp', { password: 'NoEsLaClave1', code: '000000' }),
    ok: [400],
  },
  {
    route: 'POST /api/admin/me/totp/confirm',
    permission: 'self',
    // no password, no proof of a start: past the guard, refused as invalid
    request: post('/api/admin/me/totp/confirm', { code: '000000' }),
    ok: [400],
  },
  {
    route: 'POST /api/admin/me/recovery-codes',
    permission: 'self',
    request: post('/api/admin/me/recovery-codes', { code: '000000' }),
    ok: [400],
  },
  // content (editor): each role edits a course of its own (matriz-<role>)
  {
    route: 'GET /api/admin/courses',
    permission: 'content',
    request: get('/api/admin/courses?kind=COURSE'),
    ok: [200],
  },
  {
    route: 'POST /api/admin/courses',
    permission: 'content',
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/admin/courses',
      payload: { id: `matriz-${role}`, kind: 'COURSE', name: `Matriz ${role}` },
    }),
    ok: [201],
  },
  {
    route: 'GET /api/admin/courses/{id}',
    permission: 'content',
    request: (_c, role) => ({ method: 'GET', url: `/api/admin/courses/matriz-${role}` }),
    ok: [200],
  },
  {
    route: 'PATCH /api/admin/courses/{id}',
    permission: 'content',
    request: (_c, role) => ({
      method: 'PATCH',
      url: `/api/admin/courses/matriz-${role}`,
      payload: { description: 'Un curso de la matriz' },
    }),
    ok: [200],
  },
  {
    route: 'GET /api/admin/courses/{id}/preview',
    permission: 'content',
    request: (_c, role) => ({ method: 'GET', url: `/api/admin/courses/matriz-${role}/preview` }),
    ok: [200],
  },
  {
    route: 'POST /api/admin/courses/{id}/modules',
    permission: 'content',
    request: (_c, role) => ({
      method: 'POST',
      url: `/api/admin/courses/matriz-${role}/modules`,
      payload: { id: `matriz-${role}-m1`, name: 'Módulo 1' },
    }),
    ok: [201],
  },
  {
    route: 'PATCH /api/admin/courses/{id}/modules/{moduleId}',
    permission: 'content',
    request: (_c, role) => ({
      method: 'PATCH',
      url: `/api/admin/courses/matriz-${role}/modules/matriz-${role}-m1`,
      payload: { name: 'Primer módulo' },
    }),
    ok: [200],
  },
  {
    route: 'PUT /api/admin/courses/{id}/modules/order',
    permission: 'content',
    request: (_c, role) => ({
      method: 'PUT',
      url: `/api/admin/courses/matriz-${role}/modules/order`,
      payload: { moduleIds: [`matriz-${role}-m1`] },
    }),
    ok: [200],
  },
  {
    route: 'POST /api/admin/courses/{id}/modules/{moduleId}/sections',
    permission: 'content',
    request: (_c, role) => ({
      method: 'POST',
      url: `/api/admin/courses/matriz-${role}/modules/matriz-${role}-m1/sections`,
      payload: { id: `matriz-${role}-s1`, name: 'Sección 1', type: 'EMPTY' },
    }),
    ok: [201],
  },
  {
    route: 'PATCH /api/admin/courses/{id}/sections/{sectionId}',
    permission: 'content',
    request: (_c, role) => ({
      method: 'PATCH',
      url: `/api/admin/courses/matriz-${role}/sections/matriz-${role}-s1`,
      payload: { name: 'Primera sección' },
    }),
    ok: [200],
  },
  {
    route: 'PUT /api/admin/courses/{id}/modules/{moduleId}/sections/order',
    permission: 'content',
    request: (_c, role) => ({
      method: 'PUT',
      url: `/api/admin/courses/matriz-${role}/modules/matriz-${role}-m1/sections/order`,
      payload: { sectionIds: [`matriz-${role}-s1`] },
    }),
    ok: [200],
  },
  {
    route: 'GET /api/admin/tags',
    permission: 'content',
    request: get('/api/admin/tags'),
    ok: [200],
  },
  // The same words for every role: the first creates the tag (201), the others get it back (200).
  {
    route: 'POST /api/admin/tags',
    permission: 'content',
    request: post('/api/admin/tags', { label: 'Etiqueta de la matriz' }),
    ok: [200, 201],
  },
  // A 1×1 PNG as the cover of the role's own content (decision 0118).
  {
    route: 'PUT /api/admin/courses/{id}/cover',
    permission: 'content',
    request: (_c, role) => ({
      method: 'PUT',
      url: `/api/admin/courses/matriz-${role}/cover`,
      payload: {
        image:
          'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      },
    }),
    ok: [200],
  },
  // The matrix's section is EMPTY (a class needs a video): an editor gets past authorization to
  // the content rule, "Solo las clases llevan subtítulos" (400); support gets 403.
  {
    route: 'PUT /api/admin/courses/{id}/sections/{sectionId}/captions',
    permission: 'content',
    request: (_c, role) => ({
      method: 'PUT',
      url: `/api/admin/courses/matriz-${role}/sections/matriz-${role}-s1/captions`,
      payload: { vtt: 'WEBVTT\n\n00:00.000 --> 00:02.000\nHola\n' },
    }),
    ok: [400],
  },
  {
    route: 'DELETE /api/admin/courses/{id}/sections/{sectionId}/captions',
    permission: 'content',
    request: (_c, role) => ({
      method: 'DELETE',
      url: `/api/admin/courses/matriz-${role}/sections/matriz-${role}-s1/captions`,
    }),
    ok: [400],
  },
  {
    route: 'DELETE /api/admin/courses/{id}/sections/{sectionId}',
    permission: 'content',
    request: (_c, role) => ({
      method: 'DELETE',
      url: `/api/admin/courses/matriz-${role}/sections/matriz-${role}-s1`,
    }),
    ok: [200],
  },
  {
    route: 'DELETE /api/admin/courses/{id}/modules/{moduleId}',
    permission: 'content',
    request: (_c, role) => ({
      method: 'DELETE',
      url: `/api/admin/courses/matriz-${role}/modules/matriz-${role}-m1`,
    }),
    ok: [200],
  },
  {
    route: 'PUT /api/admin/courses/{id}/schedule',
    permission: 'content',
    request: (_c, role) => ({
      method: 'PUT',
      url: `/api/admin/courses/matriz-${role}/schedule`,
      payload: { publishAt: '2099-01-01T12:00:00.000Z' },
    }),
    // past the guard, refused by the publication checklist: the matrix's course has no cover
    ok: [409],
  },
  {
    route: 'POST /api/admin/courses/{id}/publish',
    permission: 'content',
    request: (_c, role) => ({ method: 'POST', url: `/api/admin/courses/matriz-${role}/publish` }),
    // past the guard, refused by the publication checklist (no cover, category or level)
    ok: [409],
  },
  {
    route: 'POST /api/admin/courses/{id}/unpublish',
    permission: 'content',
    request: (_c, role) => ({ method: 'POST', url: `/api/admin/courses/matriz-${role}/unpublish` }),
    ok: [200],
  },
  {
    route: 'GET /api/admin/uploads/capabilities',
    permission: 'content',
    request: get('/api/admin/uploads/capabilities'),
    ok: [200],
  },
  {
    route: 'POST /api/admin/uploads',
    permission: 'content',
    request: () => ({
      method: 'POST',
      url: '/api/admin/uploads',
      headers: {
        'tus-resumable': '1.0.0',
        'upload-length': '10',
        'upload-metadata': `filename ${Buffer.from('matriz.pdf').toString('base64')}`,
      },
    }),
    ok: [201],
  },
  // an upload that does not exist: past the guard, unknown to tus
  // (HEAD /api/admin/uploads/{uploadId} has the same guard but no OpenAPI entry: a HEAD answer has no body)
  ...(['PATCH', 'DELETE'] as const).map(
    (method): AdminRow => ({
      route: `${method} /api/admin/uploads/{uploadId}`,
      permission: 'content',
      request: () => ({
        method,
        url: '/api/admin/uploads/c3ViaWRhcy9tYXRlcmlhbGVzLzAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwMDAwLnBkZg',
        headers: {
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        ...(method === 'PATCH' ? { payload: Buffer.from('x') } : {}),
      }),
      ok: [404],
    }),
  ),
  {
    route: 'GET /api/admin/grantable-products',
    permission: 'members',
    request: get('/api/admin/grantable-products'),
    ok: [200],
  },
  {
    route: 'GET /api/admin/promo-code-choices',
    permission: 'promo-codes',
    request: get('/api/admin/promo-code-choices'),
    ok: [200],
  },
  // the HLS packaging of an uploaded video (decision 78): a video that does not exist, past the guard
  {
    route: 'GET /api/admin/videos/{videoName}/hls',
    permission: 'content',
    request: get('/api/admin/videos/00000000000000000000000000000000.mp4/hls'),
    ok: [404],
  },
  // Novedades' posts (issue 44): a new post per role; a post that does not exist, past the guard
  { route: 'GET /api/admin/aladina', permission: 'content', request: get('/api/admin/aladina'), ok: [200] },
  { route: 'GET /api/admin/news', permission: 'content', request: get('/api/admin/news'), ok: [200] },
  {
    route: 'POST /api/admin/news',
    permission: 'content',
    request: (_c, role) => ({
      method: 'POST',
      url: '/api/admin/news',
      payload: { title: `Matriz ${role}`, body: 'Una novedad de la matriz.' },
    }),
    ok: [201],
  },
  {
    route: 'GET /api/admin/news/{id}',
    permission: 'content',
    request: get('/api/admin/news/00000000-0000-4000-8000-000000000044'),
    ok: [404],
  },
  {
    route: 'PUT /api/admin/news/{id}',
    permission: 'content',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/news/00000000-0000-4000-8000-000000000044',
      payload: { title: 'Matriz', body: 'Una novedad de la matriz.' },
    }),
    ok: [404],
  },
  {
    route: 'PUT /api/admin/news/{id}/publication',
    permission: 'content',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/news/00000000-0000-4000-8000-000000000044/publication',
      payload: { published: true },
    }),
    ok: [404],
  },
  {
    route: 'POST /api/admin/videos/{videoName}/hls',
    permission: 'content',
    request: post('/api/admin/videos/00000000000000000000000000000000.mp4/hls'),
    ok: [404],
  },
  // the audit log
  {
    route: 'GET /api/admin/audit-log',
    permission: 'audit',
    request: get('/api/admin/audit-log?action=promo_code'),
    ok: [200],
  },
  // members (support)
  {
    route: 'GET /api/admin/members',
    permission: 'members',
    request: get('/api/admin/members?search=carla'),
    ok: [200],
  },
  {
    route: 'GET /api/admin/members/{id}',
    permission: 'members',
    request: (c) => get(`/api/admin/members/${c.member.userId}`)(),
    ok: [200],
  },
  {
    route: 'POST /api/admin/members/{id}/validation-mail',
    permission: 'members',
    // right after her registration's mail the code is throttled (429): past the guard all the same
    request: (c) => post(`/api/admin/members/${c.member.userId}/validation-mail`)(),
    ok: [200, 429],
  },
  {
    route: 'POST /api/admin/members/{id}/products',
    permission: 'members',
    request: (c, role) =>
      post(`/api/admin/members/${c.member.userId}/products`, {
        productId: role === 'support' ? 'pack-combo' : 'prog-una-cuota',
        reason: 'matriz de autorización',
      })(),
    ok: [200],
  },
  {
    route: 'POST /api/admin/members/{id}/products/{productId}/revoke',
    permission: 'members',
    request: (c, role) =>
      post(
        `/api/admin/members/${c.member.userId}/products/${role === 'support' ? 'pack-combo' : 'prog-una-cuota'}/revoke`,
        { reason: 'matriz de autorización' },
      )(),
    ok: [200],
  },
  {
    route: 'POST /api/admin/members/{id}/subscription/cancel',
    permission: 'members',
    // she has no card subscription: refused as such (404), past the guard
    request: (c) => post(`/api/admin/members/${c.member.userId}/subscription/cancel`, { reason: 'matriz' })(),
    ok: [404],
  },
  {
    route: 'POST /api/admin/members/{id}/sessions/end',
    permission: 'members',
    request: (c) => post(`/api/admin/members/${c.member.userId}/sessions/end`)(),
    ok: [200],
  },
  // payments and refunds (support)
  {
    route: 'GET /api/admin/payments',
    permission: 'payments',
    request: (c) => get(`/api/admin/payments?search=${encodeURIComponent(c.member.email)}`)(),
    ok: [200],
  },
  {
    route: 'POST /api/admin/payments/{id}/refunds',
    permission: 'payments',
    // a partial refund per role: each one a real refund at the emulator, the access kept
    request: (c) => post(`/api/admin/payments/${c.paymentId}/refunds`, { amount: 100 })(),
    ok: [200],
  },
  {
    route: 'GET /api/admin/payments/attention',
    permission: 'payments',
    request: get('/api/admin/payments/attention'),
    ok: [200],
  },
  {
    route: 'POST /api/admin/refunds/{id}/retry',
    permission: 'payments',
    // the first role's retry succeeds; the next finds it done (409)
    request: (c) => post(`/api/admin/refunds/${c.failedRefundId}/retry`)(),
    ok: [200, 409],
  },
  // invoices (support reads, admin retries)
  {
    route: 'GET /api/admin/fiscal/documents',
    permission: 'payments',
    request: get('/api/admin/fiscal/documents'),
    ok: [200],
  },
  {
    route: 'GET /api/admin/fiscal/sales-book',
    permission: 'payments',
    request: get('/api/admin/fiscal/sales-book'),
    ok: [200],
  },
  {
    route: 'GET /api/admin/fiscal/settings',
    permission: 'payments',
    request: get('/api/admin/fiscal/settings'),
    ok: [200],
  },
  {
    route: 'POST /api/admin/fiscal/documents/{id}/retry',
    permission: 'fiscal',
    // the first role's retry issues it; the next finds it issued (409)
    request: (c) => post(`/api/admin/fiscal/documents/${c.fiscalDocumentId}/retry`)(),
    ok: [200, 409],
  },
  {
    route: 'POST /api/admin/orders/{id}/sync',
    permission: 'payments',
    request: (c) => post(`/api/admin/orders/${c.orderId}/sync`)(),
    ok: [200],
  },
  // promo codes (support)
  {
    route: 'POST /api/admin/promo-codes',
    permission: 'promo-codes',
    request: (_c, role) =>
      post('/api/admin/promo-codes', {
        code: `MATRIZ-${role}`,
        type: 'PROGRAM_DISCOUNT',
        discountPercent: 5,
      })(),
    ok: [201],
  },
  {
    route: 'GET /api/admin/promo-codes',
    permission: 'promo-codes',
    request: get('/api/admin/promo-codes'),
    ok: [200],
  },
  {
    route: 'GET /api/admin/promo-codes/{code}',
    permission: 'promo-codes',
    request: (c) => get(`/api/admin/promo-codes/${c.promoCode}`)(),
    ok: [200],
  },
  {
    route: 'PATCH /api/admin/promo-codes/{code}',
    permission: 'promo-codes',
    request: (c) => ({
      method: 'PATCH',
      url: `/api/admin/promo-codes/${c.promoCode}`,
      payload: { status: 'paused' },
    }),
    ok: [200],
  },
  // switches (admin)
  {
    route: 'GET /api/admin/switches',
    permission: 'switches',
    request: get('/api/admin/switches'),
    ok: [200],
  },
  {
    route: 'PUT /api/admin/service-controls/{name}',
    permission: 'switches',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/service-controls/CHAT_BOT',
      payload: { enabled: false },
    }),
    ok: [200],
  },
  {
    route: 'PUT /api/admin/feature-flags/{name}',
    permission: 'switches',
    request: () => ({
      method: 'PUT',
      url: '/api/admin/feature-flags/enableMonthlySubscriptionPurchase',
      payload: { enabled: true },
    }),
    ok: [200],
  },
  // the dashboard
  {
    route: 'GET /api/admin/metrics',
    permission: 'dashboard',
    request: get('/api/admin/metrics?from=2026-01-01&to=2026-01-31'),
    ok: [200],
  },
  // plans and prices
  { route: 'GET /api/admin/plans', permission: 'prices', request: get('/api/admin/plans'), ok: [200] },
  {
    route: 'PATCH /api/admin/plans/{id}',
    permission: 'prices',
    // an unknown plan: past the guard and the body's validation, refused as not found
    request: () => ({
      method: 'PATCH' as const,
      url: '/api/admin/plans/plan-de-la-matriz',
      payload: {
        prices: [{ frequency: 'monthly', regularPrice: 100_000, discountPrice: null, freeTrial: null }],
      },
    }),
    ok: [404],
  },
  {
    route: 'POST /api/admin/plans/{id}/price-preview',
    permission: 'prices',
    // an unknown plan: past the guard and the body's validation, refused as not found
    request: () => ({
      method: 'POST' as const,
      url: '/api/admin/plans/plan-de-la-matriz/price-preview',
      payload: {
        prices: [{ frequency: 'monthly', regularPrice: 100_000, discountPrice: null, freeTrial: null }],
      },
    }),
    ok: [404],
  },
];

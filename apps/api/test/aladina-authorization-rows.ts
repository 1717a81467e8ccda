import type { InjectOptions } from 'fastify';

/**
 * Aladina in the authorization matrix (issue 42): her questions, ratings and class notes, each
 * answered only with the session's user. The matrix's app has ALADINA off (the migration's
 * default), so a question is 404 ALADINA_DISABLED for everyone; an id that is not hers is 404.
 * `apps/api/src/modules/aladina/aladina.test.ts` checks another learner's note and rating too.
 */
interface AladinaRow {
  route: string;
  request: () => InjectOptions;
  owner: number[];
  other: number[];
}

const missing = '00000000-0000-4000-8000-000000000042';

export const aladinaRows: AladinaRow[] = [
  {
    route: 'POST /api/aladina/questions',
    request: () => ({
      method: 'POST',
      url: '/api/aladina/questions',
      payload: { question: '¿Qué es la inflación?' },
    }),
    owner: [404],
    other: [404],
  },
  {
    route: 'POST /api/aladina/questions/{id}/rating',
    request: () => ({
      method: 'POST',
      url: `/api/aladina/questions/${missing}/rating`,
      payload: { rating: 'up' },
    }),
    owner: [404],
    other: [404],
  },
  {
    route: 'GET /api/aladina/notes',
    request: () => ({ method: 'GET', url: '/api/aladina/notes' }),
    owner: [200],
    other: [200],
  },
  {
    route: 'POST /api/aladina/notes',
    request: () => ({
      method: 'POST',
      url: '/api/aladina/notes',
      payload: { courseId: 'no-existe', sectionId: 'no-existe-m1-s1', atSeconds: 10, body: 'Nota' },
    }),
    owner: [404],
    other: [404],
  },
  {
    route: 'PATCH /api/aladina/notes/{id}',
    request: () => ({ method: 'PATCH', url: `/api/aladina/notes/${missing}`, payload: { body: 'Otra' } }),
    owner: [404],
    other: [404],
  },
  {
    route: 'DELETE /api/aladina/notes/{id}',
    request: () => ({ method: 'DELETE', url: `/api/aladina/notes/${missing}` }),
    owner: [404],
    other: [404],
  },
];

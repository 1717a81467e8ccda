import type { FastifyInstance } from 'fastify';
import { contentCategories, contentLevels } from '../../../db/schema';

/**
 * For tests: what a content needs to be published (publication-checklist.ts) — a cover, and a
 * category and level that exist (written here when the test database has none).
 */
export async function publishableFields(app: FastifyInstance) {
  await app.db
    .insert(contentCategories)
    .values({ code: 'ORDER', label: 'Orden', color: '#1b4d3e', backgroundColor: '#e3f4ec', sortOrder: 1 })
    .onConflictDoNothing();
  await app.db
    .insert(contentLevels)
    .values({
      code: 'BEGINNER',
      label: 'Inicial',
      color: '#1b4d3e',
      backgroundColor: '#e3f4ec',
      sortOrder: 1,
    })
    .onConflictDoNothing();
  return { thumbnail: '/media/images/portada.jpg', category: 'ORDER', level: 'BEGINNER' };
}

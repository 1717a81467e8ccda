import type { catalogQuerySchema } from '@alcancia/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { catalogPage, tagBadges, toCourseCard } from '../academy/catalog-rows';
import { viewerVariant } from '../academy/serialized-response';
import { anonymousViewer } from '../academy/viewer';
import { withoutOwnTags } from './public-catalog';

/**
 * GET /academy/public/courses: a page of the published courses as a visitor without an account
 * sees them (issue 30), from the academy's in-process caches. The answer is built once per rows
 * and variant by the academy's serialized-response writer (`rows`, `variant`, `build`).
 */
export async function listPublicCourses(db: Database, query: z.infer<typeof catalogQuerySchema>) {
  const viewer = anonymousViewer();
  const { page, pageSize } = query;
  const [{ rows, total }, badges] = await Promise.all([
    catalogPage(db, ['COURSE'], { ...query, tags: withoutOwnTags(query.tags) }, viewer),
    tagBadges(db),
  ]);
  return {
    rows,
    variant: viewerVariant(rows, viewer),
    build: () => ({ items: rows.map((r) => toCourseCard(r, viewer, badges)), page, pageSize, total }),
  };
}

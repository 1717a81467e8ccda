import type { catalogQuerySchema } from '@alcancia/contract';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { catalogPage, toProgramCard } from '../academy/catalog-rows';
import { viewerVariant } from '../academy/serialized-response';
import { anonymousViewer } from '../academy/viewer';
import { withoutOwnTags } from './public-catalog';

/**
 * GET /academy/public/programs: a page of the published programs and packs as a visitor without
 * an account sees them (issue 30); written like list-public-courses.ts.
 */
export async function listPublicPrograms(db: Database, query: z.infer<typeof catalogQuerySchema>) {
  const viewer = anonymousViewer();
  const { page, pageSize } = query;
  const { rows, total } = await catalogPage(
    db,
    ['PROGRAM', 'PACK'],
    { ...query, tags: withoutOwnTags(query.tags) },
    viewer,
  );
  return {
    rows,
    variant: viewerVariant(rows, viewer),
    build: () => ({ items: rows.map((r) => toProgramCard(r, viewer)), page, pageSize, total }),
  };
}

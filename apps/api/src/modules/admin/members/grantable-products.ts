import { asc, desc, inArray } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../../db/client';
import { courses } from '../../../db/schema';

/** GET /admin/grantable-products: what the member page's picker offers (decision 79). */
export const grantableProductsSchema = z
  .object({
    items: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        kind: z.enum(['PROGRAM', 'PACK']),
        published: z.boolean(),
      }),
    ),
  })
  .meta({ id: 'AdminGrantableProducts' });

/** The catalogue's programs, then its packs, by name: what can be given to a member. */
export async function listGrantableProducts(db: Database): Promise<z.output<typeof grantableProductsSchema>> {
  const rows = await db
    .select({ id: courses.id, name: courses.name, kind: courses.kind, published: courses.published })
    .from(courses)
    .where(inArray(courses.kind, ['PROGRAM', 'PACK']))
    .orderBy(desc(courses.kind), asc(courses.name)); // programs, then packs
  return { items: rows.map((row) => ({ ...row, kind: row.kind as 'PROGRAM' | 'PACK' })) };
}

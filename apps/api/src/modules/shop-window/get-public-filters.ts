import type { AcademyFilters } from '@alcancia/contract';
import { asc } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { contentCategories, contentLevels, suggestedFilters } from '../../db/schema';
import { contentCache } from '../academy/content-cache';

const publicFilters = contentCache<AcademyFilters>('public-filters', 1);

/**
 * The filters a visitor may use: topics, levels and the suggested filters that need neither an
 * account ("Mis compras") nor a subscription state (GET /academy/public/filters).
 */
export function loadPublicFilters(db: Database) {
  return publicFilters.get(db, 'filters', async () => {
    const [suggested, topics, levels] = await Promise.all([
      db.select().from(suggestedFilters).orderBy(asc(suggestedFilters.sortOrder)),
      db.select().from(contentCategories).orderBy(asc(contentCategories.sortOrder)),
      db.select().from(contentLevels).orderBy(asc(contentLevels.sortOrder)),
    ]);
    const colored = (r: { code: string; label: string; color: string; backgroundColor: string }) => ({
      value: r.code,
      label: r.label,
      color: r.color,
      backgroundColor: r.backgroundColor,
    });
    return {
      suggestedFilters: suggested
        .filter((f) => f.value !== 'my_purchases' && f.subscriptionRequired.length === 0)
        .map((f) => ({ value: f.value, label: f.label, subscriptionRequired: [] as string[] })),
      customFilters: { topic: topics.map(colored), level: levels.map(colored) },
    };
  });
}

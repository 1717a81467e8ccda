import type { NewsCard } from '@alcancia/contract';
import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courses } from '../../db/schema';
import { contentCache } from '../academy/content-cache';

const cards = contentCache<{ newCourses: NewsCard[]; events: NewsCard[] }>('news-new-content', 1);

const cardColumns = {
  id: courses.id,
  name: courses.name,
  kind: courses.kind,
  description: courses.description,
  cover: courses.cover,
};

/**
 * The newest published courses, programs and packs (by publication, else creation) and the
 * academy's events, for her home: the same for everyone, kept until the content changes.
 */
export function newContent(db: Database): Promise<{ newCourses: NewsCard[]; events: NewsCard[] }> {
  return cards.get(db, 'all', async () => {
    const [newCourses, events] = await Promise.all([
      db
        .select(cardColumns)
        .from(courses)
        .where(and(eq(courses.published, true), inArray(courses.kind, ['COURSE', 'PROGRAM', 'PACK'])))
        .orderBy(
          sql`coalesce(${courses.publishAt}, ${courses.createdAt}) desc`,
          asc(courses.sortOrder),
          asc(courses.id),
        )
        .limit(6),
      db
        .select(cardColumns)
        .from(courses)
        .where(and(eq(courses.published, true), eq(courses.kind, 'EVENT')))
        .orderBy(desc(courses.createdAt), asc(courses.sortOrder), asc(courses.id))
        .limit(4),
    ]);
    return { newCourses, events };
  });
}

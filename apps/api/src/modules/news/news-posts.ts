import type { NewsPost } from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

/** How many posts her home shows, newest first. */
export const homePostLimit = 5;

/**
 * The academy's published posts, newest first, with what each links to (a class, or a course or
 * program) named from the catalogue; a link to something unpublished since is left out.
 */
export async function publishedPosts(db: Database, limit = homePostLimit): Promise<NewsPost[]> {
  const { rows } = await db.execute<{
    id: string;
    title: string;
    cover_url: string | null;
    cover_alt: string;
    body: string;
    published_at: Date | string;
    course_id: string | null;
    course_kind: string | null;
    course_name: string | null;
    section_id: string | null;
    section_name: string | null;
  }>(sql`
    select p.id, p.title, p.cover_url, p.cover_alt, p.body, p.published_at,
           c.id as course_id, c.kind as course_kind, c.name as course_name,
           s.id as section_id, s.name as section_name
      from news_posts p
      left join courses c on c.id = p.link_course_id and c.published
      left join course_sections s on s.id = p.link_section_id and s.course_id = c.id
     where p.published_at is not null and p.published_at <= now()
     order by p.published_at desc, p.id
     limit ${limit}`);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    coverUrl: row.cover_url,
    coverAlt: row.cover_alt,
    body: row.body,
    publishedAt: new Date(row.published_at).toISOString(),
    link: row.course_id
      ? {
          kind: row.section_id
            ? 'CLASS'
            : row.course_kind === 'COURSE' || row.course_kind === 'EVENT'
              ? 'COURSE'
              : 'PROGRAM',
          courseId: row.course_id,
          sectionId: row.section_id,
          label: row.section_name ?? row.course_name ?? '',
        }
      : null,
  }));
}

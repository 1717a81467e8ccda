import type { AdminCourseSummary, adminCourseListQuerySchema } from '@alcancia/contract/admin';
import { and, asc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database } from '../../../db/client';
import { courses } from '../../../db/schema';
import { toAdminCourseSummary } from './course-documents';

/** GET /admin/courses: every content (of a kind, matching a name or id), in the catalogue's order. */
export async function listCourses(
  db: Database,
  { kind, search }: z.output<typeof adminCourseListQuerySchema>,
): Promise<{ items: AdminCourseSummary[] }> {
  const filters: SQL[] = [];
  if (kind) filters.push(eq(courses.kind, kind));
  if (search) {
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    filters.push(or(ilike(courses.name, pattern), ilike(courses.id, pattern)) as SQL);
  }
  const rows = await db
    .select()
    .from(courses)
    .where(and(...filters))
    .orderBy(asc(courses.kind), asc(courses.sortOrder), asc(courses.id))
    .limit(1000);
  return { items: rows.map(toAdminCourseSummary) };
}

import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { courseModules, courseSections, courses, packItems } from '../../db/schema';
import { hlsPlaybackUrls } from '../files/video-playback';
import { contentCache } from './content-cache';

export type CourseRow = typeof courses.$inferSelect;
/** A section as structures keep it: its captions' text stays in the database (decision 0157). */
export type SectionRow = Omit<typeof courseSections.$inferSelect, 'captionsVtt'>;
const { captionsVtt: _captionsText, ...sectionColumns } = getTableColumns(courseSections);

export interface ModuleStructure {
  id: string;
  name: string;
  order: number;
  sections: SectionRow[];
  /** sections that must be complete for the module to count as finished (all but EMPTY) */
  requiredSectionIds: string[];
}

/** A course with its modules and sections in order: what every viewer and progress call needs. */
export interface CourseStructure {
  course: CourseRow;
  modules: ModuleStructure[];
  sectionsById: Map<string, SectionRow & { moduleOrder: number }>;
  requiredSectionCount: number;
  /** last section of the last module (certificate rule) */
  lastSection: SectionRow | null;
  /** a PACK's published programs and courses, in the pack's order (empty for other kinds) */
  items: Pick<CourseRow, 'id' | 'name' | 'kind' | 'thumbnail'>[];
  /** uploaded MP4 addresses → their HLS playlist, for the videos packaged (decision 78) */
  playbackUrls: Map<string, string>;
}

const structures = contentCache<CourseStructure | null>('course-structures', 5000);

/** Loads a published course's structure (the back office's preview also loads an unpublished one). */
export async function loadCourseStructure(
  db: Database,
  courseId: string,
  options: { includeUnpublished?: boolean } = {},
): Promise<CourseStructure | null> {
  const [course] = await db.select().from(courses).where(eq(courses.id, courseId));
  if (!course || (!course.published && !options.includeUnpublished)) return null;
  const rows = await db
    .select({ module: courseModules, section: sectionColumns })
    .from(courseModules)
    .leftJoin(courseSections, eq(courseSections.moduleId, courseModules.id))
    .where(eq(courseModules.courseId, courseId))
    .orderBy(asc(courseModules.order), asc(courseSections.order));
  const modules: ModuleStructure[] = [];
  const sectionsById: CourseStructure['sectionsById'] = new Map();
  for (const { module, section } of rows) {
    let current = modules.at(-1);
    if (current?.id !== module.id) {
      current = {
        id: module.id,
        name: module.name,
        order: module.order,
        sections: [],
        requiredSectionIds: [],
      };
      modules.push(current);
    }
    if (section) {
      current.sections.push(section);
      if (section.type !== 'EMPTY') current.requiredSectionIds.push(section.id);
      sectionsById.set(section.id, { ...section, moduleOrder: module.order });
    }
  }
  const items =
    course.kind === 'PACK'
      ? await db
          .select({ id: courses.id, name: courses.name, kind: courses.kind, thumbnail: courses.thumbnail })
          .from(packItems)
          .innerJoin(courses, eq(courses.id, packItems.itemId))
          .where(and(eq(packItems.packId, courseId), eq(courses.published, true)))
          .orderBy(asc(packItems.position), asc(courses.id))
      : [];
  const lastModule = modules.at(-1);
  const playbackUrls = await hlsPlaybackUrls(
    db,
    modules.flatMap((m) => m.sections.filter((s) => s.type === 'CLASS').map((s) => s.sectionUrl)),
  );
  return {
    items,
    playbackUrls,
    course,
    modules,
    sectionsById,
    requiredSectionCount: modules.reduce((n, m) => n + m.requiredSectionIds.length, 0),
    lastSection: lastModule?.sections.at(-1) ?? null,
  };
}

/**
 * Course structures change only through the content import, so they are kept in memory until it
 * announces a change (content-cache.ts). This keeps the progress write, the hottest path, free of
 * structure queries.
 */
export function getCourseStructure(db: Database, courseId: string): Promise<CourseStructure | null> {
  return structures.get(db, courseId, () => loadCourseStructure(db, courseId));
}

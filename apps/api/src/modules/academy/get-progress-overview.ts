import { type ContinueWatchingItem, progressOverviewResponseSchema } from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Database } from '../../db/client';
import { requireUserId } from '../../plugins/authentication';
import { academyHomeLimit } from '../../plugins/read-limits';
import { getCourseStructure } from './course-structure';
import { type PreparedStatement, runPrepared } from './prepared-query';
import { cachedProgress } from './progress-cache';

const overviewStatement: PreparedStatement = {
  name: 'academy_progress_overview_v2',
  text: `
    select cp.course_id, cp.finished_at is not null as finished, cp.last_viewed_section_id,
           greatest(cp.updated_at, sp.last_at) as last_at,
           coalesce(sp.done, 0)::float8 as done,
           coalesce(sp.completed, '{}'::text[]) as completed,
           (select count(*) from course_sections s
             where s.course_id = cp.course_id and s.type <> 'EMPTY')::int as required
      from course_progress cp
      left join lateral (
        select sum(least(x.complete_fraction, 1)) as done, max(x.updated_at) as last_at,
               array_agg(x.section_id) filter (where x.complete_fraction >= 1) as completed
          from section_progress x
         where x.user_id = cp.user_id and x.course_id = cp.course_id) sp on true
     where cp.user_id = $1`,
};

/** The "Seguí viendo" row holds at most this many courses. */
export const continueWatchingLimit = 12;

/**
 * GET /academy/content/progress — every course the caller started, with its fraction 0..1 (cached
 * until her next save, progress-cache.ts):
 * complete share of its non-EMPTY sections (1 once finished); a pack, the mean of its items'.
 * Also `continue_watching`: her started, unfinished courses with the section to open next, most
 * recent first (decision 73). One statement (and the courses' cached structures).
 */
export const getProgressOverviewRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/content/progress',
    {
      config: academyHomeLimit(app.config),
      schema: {
        tags: ['academy'],
        summary: 'Progreso en todos los cursos',
        security: [{ bearerAuth: [] }],
        response: { 200: progressOverviewResponseSchema },
      },
    },
    async (request) => {
      return progressOverviewOf(app.db, requireUserId(request));
    },
  );
};

/** Her progress overview as GET /academy/content/progress answers it (cached until her next save). */
export function progressOverviewOf(db: Database, userId: string) {
  return cachedProgress(db, userId, 'overview', () => loadOverview(db, userId));
}

/**
 * The section to open next in a course: the last viewed one while it is not complete, else the
 * first not complete after it, else the first not complete from the start. Only sections that
 * count (not EMPTY), in reading order. Null when every one is complete.
 */
export function nextSectionToWatch<S extends { id: string }>(
  sections: readonly S[],
  lastViewedId: string | null,
  completed: ReadonlySet<string>,
): S | null {
  const last = lastViewedId === null ? -1 : sections.findIndex((s) => s.id === lastViewedId);
  const lastViewed = sections[last];
  if (lastViewed && !completed.has(lastViewed.id)) return lastViewed;
  const pending = (s: S) => !completed.has(s.id);
  return sections.slice(last + 1).find(pending) ?? sections.find(pending) ?? null;
}

async function loadOverview(db: Database, userId: string) {
  const rows = await runPrepared<{
    course_id: string;
    finished: boolean;
    last_viewed_section_id: string | null;
    last_at: Date | string;
    done: number;
    completed: string[];
    required: number;
  }>(db, overviewStatement, [userId]);
  const fractions = new Map(
    rows.map((r) => [
      r.course_id,
      r.finished ? 1 : r.required > 0 ? Math.min(1, Number(r.done) / r.required) : 0,
    ]),
  );
  // A pack has no sections of its own: its progress is the mean of what it holds (an item not
  // started counts 0). Structures are cached; only started courses without sections are looked at.
  for (const row of rows) {
    if (row.required > 0 || row.finished) continue;
    const structure = await getCourseStructure(db, row.course_id);
    if (structure?.course.kind !== 'PACK' || structure.items.length === 0) continue;
    const sum = structure.items.reduce((total, item) => total + (fractions.get(item.id) ?? 0), 0);
    fractions.set(row.course_id, sum / structure.items.length);
  }

  const continueWatching: ContinueWatchingItem[] = [];
  const recentFirst = rows
    .filter((r) => !r.finished && r.required > 0)
    .sort((a, b) => new Date(b.last_at).getTime() - new Date(a.last_at).getTime())
    .slice(0, continueWatchingLimit);
  for (const row of recentFirst) {
    const structure = await getCourseStructure(db, row.course_id);
    if (!structure) continue; // unpublished since she started it
    const sections = structure.modules.flatMap((m) => m.sections.filter((s) => s.type !== 'EMPTY'));
    const next = nextSectionToWatch(sections, row.last_viewed_section_id, new Set(row.completed));
    if (!next) continue;
    continueWatching.push({
      course_id: row.course_id,
      name: structure.course.name,
      fraction: fractions.get(row.course_id) ?? 0,
      section_id: next.id,
      section_name: next.name,
      last_viewed_at: new Date(row.last_at).toISOString(),
    });
  }

  return {
    in_progress_courses: Object.fromEntries(
      [...fractions].map(([courseId, fraction]) => [courseId, { fraction }]),
    ),
    continue_watching: continueWatching,
  };
}

import { changeChannels } from '../../db/change-channels';
import type { Database } from '../../db/client';
import { type PreparedStatement, runPrepared } from './prepared-query';
import { forgetProgress } from './progress-cache';

/** One section's progress as POST /academy/progress measured it. */
export interface ProgressWrite {
  userId: string;
  sectionId: string;
  courseId: string;
  moduleId: string;
  viewedSeconds: number;
  fraction: number;
  /** the course's sections that count for finishing it (non-EMPTY) */
  requiredSections: number;
}

/** What the database holds after the write (with the course's finish time, if finished). */
export interface SavedProgress {
  viewed_seconds: number;
  complete_fraction: number;
  finished_at: Date | string | null;
}

interface SavedRow extends SavedProgress {
  ord: number;
  /** this write made its section complete: the course may be finished now */
  completed_now: boolean;
  /** the course's completed sections after this write (null when its row was left as it was) */
  completed_sections: number | null;
}

/**
 * Records many sections' progress in one statement (values only grow: a late or replayed write
 * never lowers them), with each course's last viewed section and completed-section count (its row
 * is rewritten only when one of them changes: most saves are of the section already last viewed
 * and complete none), and tells for each write whether it made its section complete
 * (`completed_now`: the stored fraction, read in the same snapshot, was below 1) and the course's
 * finish time. A batch never holds two writes of the same
 * user and course, so no row is touched twice. It also tells other API processes whose progress
 * changed (progress-cache.ts), on commit.
 */
const saveBatchStatement: PreparedStatement = {
  name: 'academy_save_progress_batch',
  text: `
    with input as (
      select * from unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::int[], $6::real[], $7::int[])
        as i(user_id, section_id, course_id, module_id, viewed_seconds, complete_fraction, ord)),
    before as (
      select sp.user_id, sp.section_id, sp.complete_fraction
        from section_progress sp join input i on sp.user_id = i.user_id and sp.section_id = i.section_id),
    saved as (
      insert into section_progress (user_id, section_id, course_id, module_id, viewed_seconds, complete_fraction, completed_at)
      select user_id, section_id, course_id, module_id, viewed_seconds, complete_fraction,
             case when complete_fraction >= 1 then now() end
        from input order by ord
      on conflict (user_id, section_id) do update set
        viewed_seconds = greatest(section_progress.viewed_seconds, excluded.viewed_seconds),
        complete_fraction = greatest(section_progress.complete_fraction, excluded.complete_fraction),
        completed_at = coalesce(section_progress.completed_at, excluded.completed_at),
        updated_at = now()
      returning user_id, section_id, viewed_seconds, complete_fraction),
    course as (
      insert into course_progress (user_id, course_id, last_viewed_section_id, completed_sections)
      select i.user_id, i.course_id, i.section_id,
             (s.complete_fraction >= 1 and coalesce(b.complete_fraction, 0) < 1)::int
        from input i
        join saved s on s.user_id = i.user_id and s.section_id = i.section_id
        left join before b on b.user_id = i.user_id and b.section_id = i.section_id
       order by i.ord
      on conflict (user_id, course_id) do update set
        last_viewed_section_id = excluded.last_viewed_section_id,
        completed_sections = course_progress.completed_sections + excluded.completed_sections,
        updated_at = now()
        where course_progress.last_viewed_section_id is distinct from excluded.last_viewed_section_id
           or excluded.completed_sections > 0
      returning user_id, course_id, completed_sections, finished_at),
    notified as (
      select pg_notify('${changeChannels.progress}', string_agg(distinct user_id::text, ',')) from input)
    select i.ord, s.viewed_seconds, s.complete_fraction, coalesce(w.finished_at, c.finished_at) as finished_at,
           w.completed_sections,
           s.complete_fraction >= 1 and coalesce(b.complete_fraction, 0) < 1 as completed_now
      from input i
      cross join notified
      join saved s on s.user_id = i.user_id and s.section_id = i.section_id
      left join course w on w.user_id = i.user_id and w.course_id = i.course_id
      left join course_progress c on c.user_id = i.user_id and c.course_id = i.course_id
      left join before b on b.user_id = i.user_id and b.section_id = i.section_id`,
};

/**
 * Sets finished_at, once, on each course given whose every non-EMPTY section is complete, and
 * answers each course's finish time (also one set before, by this or another save). It runs as
 * its own statement after the save has committed: when two saves (two tabs, two API processes)
 * complete a course's last two sections at the same moment, the check of whichever committed last
 * counts both sections, so the finish cannot be missed; `finished_at is null` makes it happen
 * once. Courses it finishes are announced on the progress channel (other processes' caches).
 * It locks its rows in the save batches' order (user, course), so it cannot deadlock with them.
 */
const finishStatement: PreparedStatement = {
  name: 'academy_finish_courses',
  text: `
    with input as (
      select * from unnest($1::uuid[], $2::text[], $3::int[]) as i(user_id, course_id, required)),
    locked as (
      select cp.user_id, cp.course_id from course_progress cp
        join input i on cp.user_id = i.user_id and cp.course_id = i.course_id
       where cp.finished_at is null
       order by cp.user_id, cp.course_id
         for update of cp),
    finished as (
      update course_progress cp set finished_at = now(), updated_at = now()
        from input i join locked l on l.user_id = i.user_id and l.course_id = i.course_id
       where cp.user_id = i.user_id and cp.course_id = i.course_id and cp.finished_at is null
         and (select count(*) from section_progress sp
                join course_sections s on s.id = sp.section_id and s.type <> 'EMPTY'
               where sp.user_id = i.user_id and sp.course_id = i.course_id and sp.complete_fraction >= 1) >= i.required
      returning cp.user_id, cp.course_id, cp.finished_at),
    notified as (
      select case when count(*) > 0
                  then pg_notify('${changeChannels.progress}', string_agg(distinct user_id::text, ',')) end
        from finished)
    select i.user_id, i.course_id, coalesce(f.finished_at, cp.finished_at) as finished_at
      from input i
      cross join notified
      left join finished f on f.user_id = i.user_id and f.course_id = i.course_id
      left join course_progress cp on cp.user_id = i.user_id and cp.course_id = i.course_id`,
};

/**
 * Enough to absorb any burst of one process (64 connections write at most 64 at once), and few
 * enough users for one notification's payload (8000 bytes: 150 ids of 37 characters).
 */
const maxBatch = 150;

/**
 * Batches written at the same time: while one waits for its commit (the WAL flush), the next runs.
 * Batches lock rows in the same order, so they wait for each other at worst, never deadlock.
 */
const maxInFlight = 1;

interface Pending {
  write: ProgressWrite;
  resolve: (saved: SavedProgress) => void;
  reject: (error: unknown) => void;
}

const saveParameters = (batch: ProgressWrite[]) => [
  batch.map((w) => w.userId),
  batch.map((w) => w.sectionId),
  batch.map((w) => w.courseId),
  batch.map((w) => w.moduleId),
  batch.map((w) => w.viewedSeconds),
  batch.map((w) => w.fraction),
  batch.map((_, i) => i),
];

/**
 * Writes a batch (one write per user and course) with the save statement, on `db` or in the
 * caller's transaction; the rows in the batch's order.
 */
async function writeBatch(db: Database, batch: ProgressWrite[]): Promise<SavedRow[]> {
  const rows = await runPrepared<SavedRow>(db, saveBatchStatement, saveParameters(batch));
  const byOrd = new Map(rows.map((row) => [row.ord, row]));
  return batch.map((_, i) => {
    const row = byOrd.get(i);
    if (!row) throw new Error('progress batch returned no row for a write');
    return row;
  });
}

/**
 * After the batch's commit: whether the sections it completed finished their courses (the finish
 * statement, only when one may have), written into the rows.
 */
async function finishCourses(db: Database, batch: ProgressWrite[], saved: SavedRow[]): Promise<void> {
  // Only a save that completed a section, and brought the course's count to its required
  // sections, can have finished it; the count may run ahead (see the schema), never behind.
  const candidates = saved.filter(
    (row) =>
      row.completed_now &&
      !row.finished_at &&
      (row.completed_sections ?? 0) >= (batch[row.ord] as ProgressWrite).requiredSections,
  );
  if (candidates.length === 0) return;
  const writes = candidates.map((row) => batch[row.ord] as ProgressWrite);
  const finished = await runPrepared<{
    user_id: string;
    course_id: string;
    finished_at: Date | string | null;
  }>(db, finishStatement, [
    writes.map((w) => w.userId),
    writes.map((w) => w.courseId),
    writes.map((w) => w.requiredSections),
  ]).finally(() => forgetProgress(db, new Set(writes.map((w) => w.userId))));
  const finishedAt = new Map(finished.map((f) => [`${f.user_id}\u0000${f.course_id}`, f.finished_at]));
  for (const row of candidates) {
    const write = batch[row.ord] as ProgressWrite;
    row.finished_at = finishedAt.get(`${write.userId}\u0000${write.courseId}`) ?? null;
  }
}

const asSaved = (row: SavedRow): SavedProgress => ({
  viewed_seconds: row.viewed_seconds,
  complete_fraction: row.complete_fraction,
  finished_at: row.finished_at,
});

/**
 * Saves a batch in one statement and commit, then (a second statement) checks whether the
 * sections it completed finished their courses. The learners' cached progress is forgotten
 * before anyone hears back.
 */
async function saveBatch(db: Database, batch: ProgressWrite[]): Promise<SavedProgress[]> {
  const users = new Set(batch.map((w) => w.userId));
  const saved = await writeBatch(db, batch).finally(() => forgetProgress(db, users));
  await finishCourses(db, batch, saved);
  return saved.map(asSaved);
}

/**
 * Progress written inside the caller's transaction `tx` (the offline batches: with the events'
 * keys, decision 0361), in rounds of one write per user and course, in the rounds' order (the last
 * round's section is her last viewed). `finish`, called after the commit, runs the finish check
 * of the courses those writes may have completed and forgets the cached progress.
 */
export async function saveProgressInTransaction(
  tx: Database,
  rounds: ProgressWrite[][],
): Promise<{ saved: SavedProgress[][]; finish: (db: Database) => Promise<void> }> {
  const written: { batch: ProgressWrite[]; rows: SavedRow[] }[] = [];
  for (const batch of rounds) {
    if (batch.length > 0) written.push({ batch, rows: await writeBatch(tx, batch) });
  }
  return {
    saved: written.map(({ rows }) => rows.map(asSaved)),
    finish: async (db) => {
      forgetProgress(db, new Set(rounds.flat().map((w) => w.userId)));
      for (const { batch, rows } of written) await finishCourses(db, batch, rows);
    },
  };
}

/**
 * Group commit for the hottest write. Saves that arrive while batches are being written wait and
 * then go together in the next one: one statement and one commit (one WAL flush) for many
 * learners instead of one each. Every caller's promise resolves only after its own row is
 * committed, so an acknowledged save is never lost. Rows are written in (user, course, section)
 * order, so two processes' batches cannot deadlock. If a batch fails (say, an account deleted
 * mid-save), each of its writes is retried alone, so only the bad one fails.
 */
class ProgressWriter {
  private queue: Pending[] = [];
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly db: Database) {}

  save(write: ProgressWrite): Promise<SavedProgress> {
    return new Promise((resolve, reject) => {
      this.queue.push({ write, resolve, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        // Let the requests read in the same turn of the event loop join the same batch.
        setImmediate(() => {
          this.scheduled = false;
          this.pump();
        });
      }
    });
  }

  /** Starts batches while fewer than maxInFlight are being written; each one done starts the next. */
  private pump(): void {
    while (this.inFlight < maxInFlight && this.queue.length > 0) {
      const batch = this.nextBatch();
      this.inFlight++;
      void this.write(batch).finally(() => {
        this.inFlight--;
        this.pump();
      });
    }
  }

  private async write(batch: Pending[]): Promise<void> {
    try {
      const saved = await saveBatch(
        this.db,
        batch.map((p) => p.write),
      );
      for (const [i, pending] of batch.entries()) pending.resolve(saved[i] as SavedProgress);
    } catch (error) {
      if (batch.length === 1) (batch[0] as Pending).reject(error);
      else await Promise.all(batch.map((p) => this.saveAlone(p)));
    }
  }

  private async saveAlone(pending: Pending): Promise<void> {
    try {
      const [saved] = await saveBatch(this.db, [pending.write]);
      pending.resolve(saved as SavedProgress);
    } catch (error) {
      pending.reject(error);
    }
  }

  /** Takes up to maxBatch writes, one per user and course; the others stay for the next batch. */
  private nextBatch(): Pending[] {
    const taken: Pending[] = [];
    const left: Pending[] = [];
    const keys = new Set<string>();
    for (const pending of this.queue) {
      const key = `${pending.write.userId}\u0000${pending.write.courseId}`;
      if (taken.length < maxBatch && !keys.has(key)) {
        keys.add(key);
        taken.push(pending);
      } else {
        left.push(pending);
      }
    }
    this.queue = left;
    const order = (p: Pending) => `${p.write.userId}\u0000${p.write.courseId}\u0000${p.write.sectionId}`;
    return taken.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  }
}

const writers = new WeakMap<Database, ProgressWriter>();

/** Saves one section's progress through the database's group-commit writer. */
export function saveSectionProgress(db: Database, write: ProgressWrite): Promise<SavedProgress> {
  let writer = writers.get(db);
  if (!writer) {
    writer = new ProgressWriter(db);
    writers.set(db, writer);
  }
  return writer.save(write);
}

import type pg from 'pg';
import type { Settings } from './settings';
import { mintAccessToken } from './tokens';

/** A small deterministic PRNG (mulberry32), so the request mix is the same for the same seed. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface Caller {
  userId: string;
  token: string;
}

export interface WriteRequest {
  token: string;
  /** `${userId}|${sectionId}`: the section_progress primary key this write touches */
  key: string;
  body: string;
  courseId: string;
}

/**
 * The progress writes of a run, built when asked for: several loads (access logs on, `warn`, two
 * processes) each continue where the previous stopped, so every load saves sections no load
 * saved before, and a list of that length would weigh on the load generator's heap.
 */
export interface WriteList {
  count: number;
  at(i: number): WriteRequest;
}

/** Real users and ids of the bench database, with tokens, for every load and the browser audits. */
export interface Fixtures {
  /** a mix of subscribed and not subscribed learners (catalogue, search, overview, plans) */
  readers: Caller[];
  /** active subscribers paired with a published course they may open */
  viewers: (Caller & { courseId: string })[];
  /** learners paired with a course they have progress in */
  progressReaders: (Caller & { courseId: string })[];
  /** progress writes by active subscribers on sections of courses they may open */
  writes: WriteList;
  /** keys of `writes` that already had a row before the bench wrote anything */
  preexistingKeys: Set<string>;
  /**
   * Indices into `writes` for counting statements: two writers' three saves of one section (a
   * third, two thirds, the end), from the end of the list, which a load rarely reaches.
   */
  writeSamples: number[];
  /** an active subscriber with progress, for the logged-in browser pages */
  demo: Caller & { courseId: string; sectionId: string };
  /** a program on sale that `demo` does not own: the checkout page's */
  checkoutProgramId: string;
}

const poolSize = 2000;
/** courses each writer goes through, one after the other: writes enough for every load of a run */
const coursesPerWriter = 4;

export async function loadFixtures(client: pg.Client, settings: Settings): Promise<Fixtures> {
  const token = (userId: string) => mintAccessToken(settings.jwtSecret, userId);
  const caller = (userId: string): Caller => ({ userId, token: token(userId) });
  const random = prng(settings.seed);

  // Deterministic "random" samples: order by a hash of the id and the seed.
  const readers = await client.query<{ id: string }>(
    `select id from users order by md5(id::text || $1) limit $2`,
    [settings.seed, poolSize],
  );
  const subscribers = await client.query<{ id: string }>(
    `select id from users where subscription_end_date >= current_date order by md5(id::text || $1) limit $2`,
    [settings.seed, poolSize],
  );
  const courses = await client.query<{ id: string }>(
    `select id from courses where kind = 'COURSE' and published order by id`,
  );
  const started = await client.query<{ user_id: string; course_id: string }>(
    `select cp.user_id, cp.course_id from course_progress cp
       join courses c on c.id = cp.course_id and c.published
      order by md5(cp.user_id::text || cp.course_id || $1) limit $2`,
    [settings.seed, poolSize],
  );
  const sections = await client.query<{
    id: string;
    module_id: string;
    course_id: string;
    duration_seconds: number;
  }>(
    `select s.id, s.module_id, s.course_id, s.duration_seconds from course_sections s
       join courses c on c.id = s.course_id and c.published and c.kind = 'COURSE'
      where s.type <> 'EMPTY' order by s.id`,
  );
  const courseIds = courses.rows.map((r) => r.id);
  const subscriberCallers = subscribers.rows.map((r) => caller(r.id));
  const pick = <T>(list: T[]): T => {
    const item = list[Math.floor(random() * list.length)];
    if (item === undefined) throw new Error('the bench database has no rows for a fixture');
    return item;
  };

  const viewers = subscriberCallers.map((c) => ({ ...c, courseId: pick(courseIds) }));
  const progressReaders = started.rows.map((r) => ({ ...caller(r.user_id), courseId: r.course_id }));

  // Learners watching: each writer goes through the sections of a few courses in order, saving
  // each section three times (a third, two thirds, the end), so a third of the writes insert a row,
  // two thirds update one, and a third complete a section (which runs the finish check). Writers
  // take turns, so two writes of one learner are never in flight together. Kept as indices
  // (writer, section, save); each request is built when the load asks for it.
  const byCourse = new Map<string, number[]>();
  sections.rows.forEach((section, index) => {
    const list = byCourse.get(section.course_id) ?? [];
    list.push(index);
    byCourse.set(section.course_id, list);
  });
  const writerSections = subscriberCallers.map(() => {
    const chosen = new Set<string>();
    while (chosen.size < Math.min(coursesPerWriter, courseIds.length)) chosen.add(pick(courseIds));
    return [...chosen].flatMap((courseId) => byCourse.get(courseId) ?? []);
  });
  const steps = 3 * Math.max(...writerSections.map((list) => list.length));
  const writeWriter: number[] = [];
  const writeSection: number[] = [];
  const writeSave: number[] = [];
  for (let step = 0; step < steps; step++) {
    writerSections.forEach((list, writer) => {
      const section = list[Math.floor(step / 3)];
      if (section === undefined) return;
      writeWriter.push(writer);
      writeSection.push(section);
      writeSave.push(step % 3);
    });
  }
  const writerIndex = Uint16Array.from(writeWriter);
  const sectionIndex = Uint32Array.from(writeSection);
  const saveIndex = Uint8Array.from(writeSave);
  const keyOf = (writer: number, section: number) =>
    `${subscriberCallers[writer]?.userId}|${sections.rows[section]?.id}`;
  const writes: WriteList = {
    count: writerIndex.length,
    at(i) {
      const n = i % writerIndex.length;
      const writer = subscriberCallers[writerIndex[n] ?? 0];
      const section = sections.rows[sectionIndex[n] ?? 0];
      if (!writer || !section) throw new Error('the bench database has no rows for a fixture');
      const seconds = Math.round((section.duration_seconds * ((saveIndex[n] ?? 0) + 1)) / 3);
      return {
        token: writer.token,
        key: `${writer.userId}|${section.id}`,
        // ids are uuids and slugs: nothing to escape
        body: `{"courseId":"${section.course_id}","progress":{"moduleId":"${section.module_id}","sectionId":"${section.id}","seconds":${seconds}}}`,
        courseId: section.course_id,
      };
    },
  };
  if (writes.count === 0) throw new Error('the bench database has no sections to save progress on');
  // The three saves of the last section the first two writers finish.
  const indicesOf = (writer: number) => {
    const mine: number[] = [];
    writerIndex.forEach((w, i) => {
      if (w === writer) mine.push(i);
    });
    const end = mine.findLastIndex((i) => saveIndex[i] === 2);
    return mine.slice(Math.max(0, end - 2), end + 1);
  };
  const writeSamples = [0, 1].flatMap((writer) => indicesOf(writer));
  const keys = [...new Set(Array.from(writerIndex, (writer, i) => keyOf(writer, sectionIndex[i] ?? 0)))];
  const existing = await client.query<{ key: string }>(
    `select sp.user_id::text || '|' || sp.section_id as key
       from unnest($1::uuid[], $2::text[]) as k(user_id, section_id)
       join section_progress sp on sp.user_id = k.user_id and sp.section_id = k.section_id`,
    [keys.map((k) => k.split('|')[0]), keys.map((k) => k.split('|')[1])],
  );

  const demoRow = await client.query<{ user_id: string; course_id: string; last_viewed_section_id: string }>(
    `select cp.user_id, cp.course_id, cp.last_viewed_section_id from course_progress cp
       join users u on u.id = cp.user_id and u.subscription_end_date >= current_date
       join courses c on c.id = cp.course_id and c.published
      where cp.finished_at is null order by md5(cp.user_id::text || $1) limit 1`,
    [settings.seed],
  );
  const demo = demoRow.rows[0];
  if (!demo) throw new Error('no subscriber with progress in the bench database');
  const program = await client.query<{ id: string }>(
    `select c.id from courses c
      where c.kind = 'PROGRAM' and c.published and c.price_centavos is not null
        and c.saleable_start_date <= current_date and c.saleable_end_date >= current_date
        and not exists (select 1 from user_purchases up
                         left join pack_items pi on pi.pack_id = up.product_id
                         where up.user_id = $1 and (up.product_id = c.id or pi.item_id = c.id))
      order by c.sort_order, c.name, c.id limit 1`,
    [demo.user_id],
  );
  const checkoutProgramId = program.rows[0]?.id;
  if (!checkoutProgramId) throw new Error('no program on sale in the bench database');

  return {
    readers: readers.rows.map((r) => caller(r.id)),
    viewers,
    progressReaders,
    writes,
    preexistingKeys: new Set(existing.rows.map((r) => r.key)),
    writeSamples,
    demo: {
      ...caller(demo.user_id),
      courseId: demo.course_id,
      sectionId: demo.last_viewed_section_id,
    },
    checkoutProgramId,
  };
}

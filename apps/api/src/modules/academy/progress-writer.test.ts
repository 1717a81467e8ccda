import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { bearer, newSession } from '../../../test/accounts';
import { seedCatalogWithStructures } from '../../../test/catalog-fixture';
import { createTestApp, testAppForFile } from '../../../test/helpers';
import { saveSectionProgress } from './progress-writer';

/**
 * POST /academy/progress saves through a group-commit writer: saves that arrive together share
 * one statement. What a learner must never notice: a lost save, another learner's answer, a
 * course that does not finish, or someone else's failure.
 */
describe('progress saves arriving together', () => {
  const t = testAppForFile(() => createTestApp({ RATE_LIMIT_ENABLED: 'false' }), seedCatalogWithStructures);

  const save = (headers: Record<string, string>, moduleId: string, sectionId: string, seconds: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/academy/progress',
      headers,
      payload: { courseId: 'presupuesto-gratis', progress: { moduleId, sectionId, seconds } },
    });
  /** The fixture course's sections that count for finishing it. */
  const requiredSections = async () =>
    (
      await t.database.db.execute<{ id: string; module_id: string; duration_seconds: number }>(
        sql`select id, module_id, duration_seconds from course_sections
             where course_id = 'presupuesto-gratis' and type <> 'EMPTY' order by id`,
      )
    ).rows;
  const stored = async (userId: string) =>
    (
      await t.database.db.execute<{ section_id: string; viewed_seconds: number }>(
        sql`select section_id, viewed_seconds from section_progress where user_id = ${userId} order by section_id`,
      )
    ).rows;

  it('stores every save and answers each learner with her own values', async () => {
    const learners = await Promise.all(Array.from({ length: 12 }, () => newSession(t.app)));
    const responses = await Promise.all(
      learners.map(({ credentials }, i) => save(bearer(credentials), 'pg-m1', 'pg-s1', 10 + i)),
    );
    responses.forEach((res, i) => {
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ sectionId: 'pg-s1', viewed_seconds: 10 + i });
    });
    for (const [i, { credentials }] of learners.entries()) {
      expect(await stored(credentials.userId)).toEqual([{ section_id: 'pg-s1', viewed_seconds: 10 + i }]);
    }
  });

  it('keeps the highest value when one learner saves the same class from two tabs at once', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    const responses = await Promise.all([
      save(headers, 'pg-m1', 'pg-s1', 30),
      save(headers, 'pg-m1', 'pg-s1', 70),
      save(headers, 'pg-m1', 'pg-s1', 50),
    ]);
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    expect(await stored(credentials.userId)).toEqual([{ section_id: 'pg-s1', viewed_seconds: 70 }]);
  });

  it('finishes the course when its last sections are completed at the same moment', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    const sections = await requiredSections();
    expect(sections.length).toBeGreaterThan(2);
    const responses = await Promise.all(
      sections.map((s) => save(headers, s.module_id, s.id, s.duration_seconds)),
    );
    for (const res of responses) expect(res.statusCode, res.body).toBe(200);
    const finished = responses.map((res) => res.json().finished_at).filter(Boolean);
    expect(finished.length).toBeGreaterThan(0);
    const progress = await t.app.inject({
      method: 'GET',
      url: '/api/academy/progress/presupuesto-gratis',
      headers,
    });
    expect(progress.json().finished_at).toEqual(finished[0]);
  });

  it('in a batch shared with other learners, finishes only the course whose every section is complete', async () => {
    const [finisher, other] = await Promise.all([newSession(t.app), newSession(t.app)]);
    const sections = await requiredSections();
    const [last, ...rest] = sections;
    if (!last) throw new Error('the fixture course has no sections');
    for (const s of rest) {
      const res = await save(bearer(finisher.credentials), s.module_id, s.id, s.duration_seconds);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().finished_at).toBeNull();
    }
    // Both complete the same section at once: one batch, one finish check for both.
    const [mine, theirs] = await Promise.all([
      save(bearer(finisher.credentials), last.module_id, last.id, last.duration_seconds),
      save(bearer(other.credentials), last.module_id, last.id, last.duration_seconds),
    ]);
    expect(mine.json().finished_at).toEqual(expect.any(String));
    expect(theirs.json().finished_at).toBeNull();
    const progress = (headers: Record<string, string>) =>
      t.app.inject({ method: 'GET', url: '/api/academy/progress/presupuesto-gratis', headers });
    expect((await progress(bearer(finisher.credentials))).json()).toMatchObject({
      finished_at: mine.json().finished_at,
      last_viewed_section: last.id,
    });
    expect((await progress(bearer(other.credentials))).json().finished_at).toBeNull();
    // Saving the finished course again keeps its finish time.
    const again = await save(bearer(finisher.credentials), last.module_id, last.id, last.duration_seconds);
    expect(again.json().finished_at).toEqual(mine.json().finished_at);
  });

  it('does not finish a course early when its completed-section count ran ahead', async () => {
    const { credentials } = await newSession(t.app);
    const headers = bearer(credentials);
    const sections = await requiredSections();
    const [first, ...rest] = sections;
    if (!first || rest.length === 0) throw new Error('the fixture course needs two sections');
    expect((await save(headers, first.module_id, first.id, 1)).statusCode).toBe(200);
    // A count ahead of the truth (two tabs completing one section at the same moment count it twice).
    await t.database.db.execute(
      sql`update course_progress set completed_sections = ${sections.length}
           where user_id = ${credentials.userId} and course_id = 'presupuesto-gratis'`,
    );
    const completedFirst = await save(headers, first.module_id, first.id, first.duration_seconds);
    expect(completedFirst.json().finished_at).toBeNull();
    for (const s of rest) await save(headers, s.module_id, s.id, s.duration_seconds);
    const progress = await t.app.inject({
      method: 'GET',
      url: '/api/academy/progress/presupuesto-gratis',
      headers,
    });
    expect(progress.json().finished_at).toEqual(expect.any(String));
  });

  it('fails only the save that cannot be stored, not the others in its batch', async () => {
    const { credentials } = await newSession(t.app);
    const write = (userId: string, seconds: number) =>
      saveSectionProgress(t.database.db, {
        userId,
        sectionId: 'pg-s1',
        courseId: 'presupuesto-gratis',
        moduleId: 'pg-m1',
        viewedSeconds: seconds,
        fraction: seconds / 100,
        requiredSections: 3,
      });
    // An account deleted while its save was on the way: the foreign key refuses that row.
    const [good, gone] = await Promise.allSettled([write(credentials.userId, 20), write(randomUUID(), 20)]);
    expect(good).toMatchObject({ status: 'fulfilled', value: { viewed_seconds: 20 } });
    expect(gone.status).toBe('rejected');
    expect(await stored(credentials.userId)).toEqual([{ section_id: 'pg-s1', viewed_seconds: 20 }]);
  });
});

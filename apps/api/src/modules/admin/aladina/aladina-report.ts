import type { AdminAladinaQuestion, AdminAladinaReport } from '@alcancia/contract/admin';
import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client';

type Row = {
  id: string;
  question: string;
  outcome: AdminAladinaQuestion['outcome'];
  course_name: string | null;
  rating: number | null;
  created_at: Date | string;
};

const toQuestion = (row: Row): AdminAladinaQuestion => ({
  id: row.id,
  question: row.question,
  outcome: row.outcome,
  courseName: row.course_name,
  rating: row.rating === 1 ? 'up' : row.rating === -1 ? 'down' : null,
  createdAt: new Date(row.created_at).toISOString(),
});

/** Questions of the last 30 days matching `where`, newest first, without who asked them. */
async function questions(
  db: Database,
  where: ReturnType<typeof sql>,
  limit = 50,
): Promise<AdminAladinaQuestion[]> {
  const { rows } = await db.execute<Row>(sql`
    select q.id, q.question, q.outcome, c.name as course_name, q.rating, q.created_at
      from aladina_questions q
      left join courses c on c.id = q.course_id
     where q.created_at > now() - interval '30 days' and ${where}
     order by q.created_at desc, q.id
     limit ${limit}`);
  return rows.map(toQuestion);
}

/**
 * GET /admin/aladina (issue 42): what learners ask Aladina, without names (her id is never
 * read): the totals of the last 30 days, the latest questions, those the courses did not cover
 * (the classes that are missing) and those rated thumbs down.
 */
export async function aladinaReport(db: Database): Promise<AdminAladinaReport> {
  const { rows } = await db.execute<{
    asked: number;
    answered: number;
    not_covered: number;
    advice: number;
    up: number;
    down: number;
  }>(sql`
    select count(*)::int as asked,
           count(*) filter (where outcome = 'answered')::int as answered,
           count(*) filter (where outcome = 'not_covered')::int as not_covered,
           count(*) filter (where outcome = 'advice')::int as advice,
           count(*) filter (where rating = 1)::int as up,
           count(*) filter (where rating = -1)::int as down
      from aladina_questions
     where created_at > now() - interval '30 days'`);
  const totals = rows[0];
  const [recent, unanswered, thumbsDown] = await Promise.all([
    questions(db, sql`true`),
    questions(db, sql`q.outcome = 'not_covered'`),
    questions(db, sql`q.rating = -1`),
  ]);
  return {
    totals: {
      asked: totals?.asked ?? 0,
      answered: totals?.answered ?? 0,
      notCovered: totals?.not_covered ?? 0,
      advice: totals?.advice ?? 0,
      thumbsUp: totals?.up ?? 0,
      thumbsDown: totals?.down ?? 0,
    },
    recent,
    unanswered,
    thumbsDown,
  };
}

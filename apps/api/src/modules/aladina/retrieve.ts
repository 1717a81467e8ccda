import { sql } from 'drizzle-orm';
import type { Db } from '../../db/transaction';
import { fold } from './guards';

/** A passage found for a question, with what it belongs to. */
export interface FoundPassage {
  id: number;
  kind: 'cue' | 'material' | 'course';
  courseId: string;
  courseName: string;
  courseKind: 'COURSE' | 'PROGRAM' | 'PACK' | 'EVENT';
  courseIsFree: boolean;
  sectionId: string | null;
  sectionName: string | null;
  startMs: number | null;
  body: string;
  rank: number;
  /** how many of the question's words (stems) it holds */
  matched: number;
}

export interface Retrieval {
  /** the question's stems after spelling corrections */
  lexemes: string[];
  passages: FoundPassage[];
}

/**
 * Words said to the assistant rather than about the topic ("explicame", "quiero saber"): left out
 * of the search so they neither find nor dilute anything.
 */
const fillers = new Set(
  'aladina hola gracias explicame explicar explicas quiero quisiera queria saber sabes podes podrias decime decir contame contar entender entiendo ayudame ayuda necesito pregunta consulta clase clases curso cursos alcancia favor significa funciona'.split(
    ' ',
  ),
);

/** The question's words, folded, fillers out. */
export function questionWords(question: string): string[] {
  return [
    ...new Set(
      fold(question)
        .split(/[^a-z0-9]+/)
        .filter((word) => word.length >= 2 && !fillers.has(word)),
    ),
  ];
}

/**
 * A misspelt word (five letters or more, not a word of any passage) becomes the passages' word it
 * resembles most by trigrams (pg_trgm), when they resemble each other enough.
 */
async function correctSpelling(db: Db, words: string[]): Promise<string[]> {
  const candidates = words.filter((word) => word.length >= 5);
  if (candidates.length === 0) return words;
  const { rows } = await db.execute<{ word: string; fix: string | null; score: number | null }>(sql`
    select w.word, best.term as fix, best.score
      from unnest(${`{${candidates.join(',')}}`}::text[]) as w(word)
      left join lateral (
        select t.term, similarity(t.term, w.word) as score
          from aladina_terms t
         where t.term % w.word
         order by similarity(t.term, w.word) desc, t.term
         limit 1
      ) best on true
     where not exists (select 1 from aladina_terms t where t.term = w.word)`);
  const fixes = new Map(
    rows.filter((r) => r.fix && (r.score ?? 0) >= 0.45).map((r) => [r.word, r.fix as string] as const),
  );
  return words.map((word) => fixes.get(word) ?? word);
}

/**
 * The passages that best match the question: Spanish full-text search over unaccented text
 * (`aladina_passages.search`), any of the question's stems (OR), ranked by ts_rank normalised by
 * length; `matched` counts how many of the stems each one holds, to judge relevance.
 */
export async function retrievePassages(db: Db, question: string, limit = 40): Promise<Retrieval> {
  const words = await correctSpelling(db, questionWords(question));
  if (words.length === 0) return { lexemes: [], passages: [] };
  const text = words.join(' ');
  const { rows: lexemeRows } = await db.execute<{ lexeme: string }>(
    sql`select lexeme from unnest(to_tsvector('spanish', aladina_unaccent(${text}))) as t(lexeme)`,
  );
  const lexemes = lexemeRows.map((r) => r.lexeme);
  if (lexemes.length === 0) return { lexemes, passages: [] };
  const query = lexemes.map((lexeme) => `'${lexeme.replace(/'/g, "''")}'`).join(' | ');
  const { rows } = await db.execute<{
    id: number;
    kind: FoundPassage['kind'];
    course_id: string;
    course_name: string;
    course_kind: FoundPassage['courseKind'];
    course_is_free: boolean;
    section_id: string | null;
    section_name: string | null;
    start_ms: number | null;
    body: string;
    rank: number;
    words: string;
  }>(sql`
    with q as (select to_tsquery('simple', ${query}) as query),
    hits as (
      select p.id, p.kind, p.course_id, p.section_id, p.start_ms, p.body, p.search,
             ts_rank(p.search, q.query, 1) * case p.kind when 'course' then 0.6 else 1 end as rank
        from aladina_passages p, q
       where p.search @@ q.query
       order by rank desc, p.id
       limit ${limit}
    )
    select h.id, h.kind, h.course_id, c.name as course_name, c.kind as course_kind, c.is_free as course_is_free,
           h.section_id, s.name as section_name, h.start_ms, h.body, h.rank,
           array_to_string(tsvector_to_array(h.search), ' ') as words
      from hits h
      join courses c on c.id = h.course_id
      left join course_sections s on s.id = h.section_id
     order by h.rank desc, h.id`);
  return {
    lexemes,
    passages: rows.map((row) => {
      const held = new Set(row.words.split(' '));
      return {
        id: Number(row.id),
        kind: row.kind,
        courseId: row.course_id,
        courseName: row.course_name,
        courseKind: row.course_kind,
        courseIsFree: row.course_is_free,
        sectionId: row.section_id,
        sectionName: row.section_name,
        startMs: row.start_ms,
        body: row.body,
        rank: Number(row.rank),
        matched: lexemes.filter((lexeme) => held.has(lexeme)).length,
      };
    }),
  };
}

/**
 * Whether a passage answers the question: it holds at least half of the question's stems, and
 * two of them when the question has more than one ("la capital de Francia" is not answered by a
 * class that says "capital").
 */
export function isRelevant(passage: FoundPassage, lexemeCount: number): boolean {
  if (lexemeCount === 0) return false;
  if (lexemeCount === 1) return passage.matched === 1;
  return passage.matched >= 2 && passage.matched / lexemeCount >= 0.5;
}

/** The course closest to a question nothing answered: by trigram similarity to its name and description. */
export async function nearestCourse(db: Db, question: string): Promise<{ id: string; name: string } | null> {
  const { rows } = await db.execute<{ id: string; name: string }>(sql`
    select id, name from courses
     where published and kind in ('COURSE', 'EVENT', 'PROGRAM')
     order by word_similarity(aladina_unaccent(${question}), aladina_unaccent(name || ' ' || description)) desc, sort_order, id
     limit 1`);
  return rows[0] ?? null;
}

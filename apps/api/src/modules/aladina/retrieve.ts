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
  /** the share of the question's weight (IDF of its stems) it holds */
  coverage: number;
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
    rows.filter((r) => r.fix && (r.score ?? 0) >= 0.3).map((r) => [r.word, r.fix as string] as const),
  );
  return words.map((word) => fixes.get(word) ?? word);
}

/** Passages holding each stem, and how many there are: for the stems' weights (IDF). */
const frequencies = new Map<string, number>();
let passageCount: number | null = null;

/** Drops the remembered frequencies (the passages were rebuilt, here or in another process). */
export function forgetFrequencies(): void {
  frequencies.clear();
  passageCount = null;
}

async function stemWeights(db: Db, lexemes: string[]): Promise<Map<string, number>> {
  const unknown = lexemes.filter((lexeme) => !frequencies.has(lexeme));
  if (passageCount === null) {
    const { rows } = await db.execute<{ n: number }>(sql`select count(*)::int as n from aladina_passages`);
    passageCount = Number(rows[0]?.n ?? 0);
  }
  if (unknown.length > 0) {
    const { rows } = await db.execute<{ lexeme: string; df: number }>(sql`
      select l.lexeme,
             (select count(*) from aladina_passages p
               where p.search @@ to_tsquery('simple', quote_literal(l.lexeme)))::int as df
        from unnest(${`{${unknown.join(',')}}`}::text[]) as l(lexeme)`);
    for (const row of rows) frequencies.set(row.lexeme, Number(row.df));
  }
  const total = passageCount;
  return new Map(
    lexemes.map((lexeme) => [lexeme, Math.log((total + 1) / ((frequencies.get(lexeme) ?? 0) + 1)) + 0.1]),
  );
}

/**
 * The passages that best match the question: Spanish full-text search over unaccented text
 * (`aladina_passages.search`) finds those holding any of the question's stems (the very common
 * ones left out of the search when rarer ones exist); they are ordered by the weight of the
 * stems they hold (a rare stem weighs more: IDF), then by ts_rank. `coverage` is the share of
 * the question's weight a passage holds, to judge relevance.
 */
export async function retrievePassages(db: Db, question: string, limit = 200): Promise<Retrieval> {
  const words = await correctSpelling(db, questionWords(question));
  if (words.length === 0) return { lexemes: [], passages: [] };
  const text = words.join(' ');
  const { rows: lexemeRows } = await db.execute<{ lexeme: string }>(
    sql`select lexeme from unnest(to_tsvector('spanish', aladina_unaccent(${text}))) as t(lexeme)`,
  );
  const lexemes = lexemeRows.map((r) => r.lexeme).filter((lexeme) => /^[a-z0-9]+$/.test(lexeme));
  if (lexemes.length === 0) return { lexemes, passages: [] };
  const weights = await stemWeights(db, lexemes);
  const totalWeight = [...weights.values()].reduce((a, b) => a + b, 0);
  const common = Math.log(1 / 0.2) + 0.1; // held by a fifth of the passages or more
  const searched = lexemes.filter((lexeme) => (weights.get(lexeme) ?? 0) > common);
  const query = (searched.length > 0 ? searched : lexemes).map((lexeme) => `'${lexeme}'`).join(' | ');
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
             ts_rank(p.search, q.query, 1) as rank
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
      left join course_sections s on s.id = h.section_id`);
  const passages = rows.map((row) => {
    const held = new Set(row.words.split(' '));
    const matchedStems = lexemes.filter((lexeme) => held.has(lexeme));
    const weight = matchedStems.reduce((sum, lexeme) => sum + (weights.get(lexeme) ?? 0), 0);
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
      matched: matchedStems.length,
      coverage: totalWeight > 0 ? weight / totalWeight : 0,
    };
  });
  // a course's description speaks of everything a little: below its classes at equal weight
  const score = (p: FoundPassage) => p.coverage * (p.kind === 'course' ? 0.8 : 1) + p.rank * 0.05;
  passages.sort((a, b) => score(b) - score(a) || a.id - b.id);
  return { lexemes, passages };
}

/**
 * Whether a passage answers the question: it holds at least 40 % of the question's weight and
 * two of its stems when the question has more than one ("la capital de Francia" is not answered
 * by a class that says "capital"), or 60 % of the weight (its rarest stem).
 */
export function isRelevant(passage: FoundPassage, lexemeCount: number): boolean {
  if (lexemeCount === 0) return false;
  if (lexemeCount === 1) return passage.matched === 1;
  return (passage.matched >= 2 && passage.coverage >= 0.4) || passage.coverage >= 0.6;
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

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { apiRoot } from '../../db/paths';
import { aladinaPassages } from '../../db/schema';
import type { Db } from '../../db/transaction';
import { captionsAddress } from '../files/class-captions';
import { mediaDir } from '../files/serve-media';
import { isInjectedInstruction } from './guards';
import { forgetFrequencies } from './retrieve';
import { parseVtt } from './vtt';

/**
 * Aladina's passages (issue 42, decision 0322): rebuilt from the content whenever it changed — an
 * import, a publication, a caption upload, an edit in the back office — and never edited by hand.
 * Before a question is answered, a signature of the published content (courses and their sections,
 * with their captions' hashes) is compared with the one the passages were built from; on a
 * difference the passages are rebuilt in one transaction (the first question after a change pays
 * a second or so). Sources:
 * - a class's captions (uploaded ones, else the `.vtt` shipped beside its demo video): three cues
 *   per passage, which starts at its first cue (a citation's moment is a cue that exists);
 * - a material's text: `content/materials/<file name>.txt` beside the catalogue (PDFs are not
 *   parsed), one passage per paragraph; a paragraph that gives the assistant orders is left out;
 * - a course's description and long description.
 */

/** Bump when the way passages are cut changes: the next question rebuilds them. */
const indexVersion = 1;
const cuesPerPassage = 3;
const signatureKey = 'aladina_index_signature';
const materialsDir = path.join(apiRoot, 'content/materials');

interface PassageRow {
  courseId: string;
  sectionId: string | null;
  kind: 'cue' | 'material' | 'course';
  startMs: number | null;
  endMs: number | null;
  body: string;
}

/** What the passages depend on, as one hash: changes with any published course or section. */
async function contentSignature(db: Db): Promise<string> {
  const { rows } = await db.execute<{ signature: string | null }>(sql`
    select md5(
      coalesce((select string_agg(c.id || ':' || c.updated_at::text || ':' || md5(c.name || c.description || c.long_description), ',' order by c.id)
                  from courses c where c.published), '') || '|' ||
      coalesce((select string_agg(s.id || ':' || s.type || ':' || s.name || ':' || coalesce(s.section_url, '') || ':' || coalesce(s.captions_hash, ''), ',' order by s.id)
                  from course_sections s join courses c on c.id = s.course_id where c.published), '')
    ) as signature`);
  return `${indexVersion}:${rows[0]?.signature ?? ''}`;
}

let checked: { db: Database; signature: string; at: number } | null = null;

/**
 * Rebuilds the passages when the content changed since they were built (checked at most once a
 * second per process; every process sees the same signature in the database).
 */
export async function ensurePassages(db: Database): Promise<void> {
  if (checked && checked.db === db && Date.now() - checked.at < 1000) return;
  const signature = await contentSignature(db);
  const { rows } = await db.execute<{ value: string }>(
    sql`select value from app_meta where key = ${signatureKey}`,
  );
  if (rows[0]?.value !== signature) await rebuildPassages(db);
  // built here or by another process since this one last looked: its frequencies are stale
  if (checked?.signature !== signature || checked.db !== db) forgetFrequencies();
  checked = { db, signature, at: Date.now() };
}

/** Forces the next question to check the content again (tests, the content import). */
export function forgetPassageCheck(): void {
  checked = null;
  forgetFrequencies();
}

/** Cuts the published content into passages and writes them, with their words, in one transaction. */
export async function rebuildPassages(db: Database): Promise<number> {
  return db.transaction(async (tx) => {
    // One rebuild at a time, across processes; the second finds the work done.
    await tx.execute(sql`select pg_advisory_xact_lock(4242042)`);
    const signature = await contentSignature(tx);
    const passages = await collectPassages(tx);
    await tx.execute(sql`delete from aladina_passages`);
    for (let i = 0; i < passages.length; i += 400) {
      const batch = passages.slice(i, i + 400);
      await tx.insert(aladinaPassages).values(batch);
    }
    await rebuildTerms(tx);
    await tx.execute(sql`
      insert into app_meta (key, value) values (${signatureKey}, ${signature})
      on conflict (key) do update set value = excluded.value, updated_at = now()`);
    return passages.length;
  });
}

/** The passages' words (unaccented, four letters or more): what a misspelt word is corrected to. */
export async function rebuildTerms(tx: Db): Promise<void> {
  await tx.execute(sql`delete from aladina_terms`);
  await tx.execute(sql`
    insert into aladina_terms (term)
    select distinct word
      from aladina_passages p,
           regexp_split_to_table(aladina_unaccent(p.body), '[^a-z0-9]+') as word
     where length(word) between 4 and 40
    on conflict do nothing`);
}

async function collectPassages(tx: Db): Promise<PassageRow[]> {
  const { rows: courses } = await tx.execute<{
    id: string;
    description: string;
    long_description: string;
  }>(sql`
    select id, description, long_description from courses
     where published and kind <> 'PACK' order by id`);
  const { rows: sections } = await tx.execute<{
    id: string;
    course_id: string;
    type: string;
    section_url: string | null;
    captions_vtt: string | null;
  }>(sql`
    select s.id, s.course_id, s.type, s.section_url, s.captions_vtt
      from course_sections s join courses c on c.id = s.course_id
     where c.published and c.kind <> 'PACK' and s.type in ('CLASS', 'DOWNLOADABLE_MATERIAL')
     order by s.id`);
  const out: PassageRow[] = [];
  for (const course of courses) {
    const body = [course.description, course.long_description].filter((t) => t.trim() !== '').join('\n');
    if (body.trim()) {
      out.push({ courseId: course.id, sectionId: null, kind: 'course', startMs: null, endMs: null, body });
    }
  }
  for (const section of sections) {
    if (section.type === 'CLASS') {
      const vtt = section.captions_vtt ?? shippedCaptions(section.section_url);
      if (!vtt) continue;
      const cues = parseVtt(vtt);
      for (let i = 0; i < cues.length; i += cuesPerPassage) {
        const group = cues.slice(i, i + cuesPerPassage);
        const first = group[0];
        const last = group[group.length - 1];
        if (!first || !last) continue;
        out.push({
          courseId: section.course_id,
          sectionId: section.id,
          kind: 'cue',
          startMs: Math.round(first.start * 1000),
          endMs: Math.round(last.end * 1000),
          body: group.map((cue) => cue.text).join(' '),
        });
      }
    } else {
      for (const paragraph of materialText(section.section_url)) {
        out.push({
          courseId: section.course_id,
          sectionId: section.id,
          kind: 'material',
          startMs: null,
          endMs: null,
          body: paragraph,
        });
      }
    }
  }
  return out;
}

/** The `.vtt` shipped beside a demo video, when there is one. */
export function shippedCaptions(videoUrl: string | null): string | null {
  const address = videoUrl ? captionsAddress(videoUrl) : null;
  if (!address) return null;
  const file = path.join(mediaDir, address.slice('/media/'.length));
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

/** A material's paragraphs, from the text file beside the catalogue; orders to the assistant left out. */
export function materialText(fileKey: string | null): string[] {
  if (!fileKey) return [];
  const name = path.basename(fileKey).replace(/\.[a-z0-9]+$/i, '');
  if (!/^[A-Za-z0-9_-]+$/.test(name)) return [];
  const file = path.join(materialsDir, `${name}.txt`);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.replace(/\s+/g, ' ').trim())
    .filter((paragraph) => paragraph.length > 0 && !isInjectedInstruction(paragraph));
}

import {
  type AladinaAnswerMeta,
  type AladinaCitation,
  aladinaQuestionMaxLength,
  classMomentHref,
  formatMoment,
} from '@alcancia/contract/aladina';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { aladinaQuestions, serviceControls } from '../../db/schema';
import { AppError } from '../../errors';
import type { AnswerComposer } from '../../providers/answer-composer/answer-composer';
import { isAccessible, loadViewer } from '../academy/viewer';
import {
  adviceNotice,
  asksForOthersData,
  asksPersonalAdvice,
  givesPersonalAdvice,
  injectionNotice,
  isInjectedInstruction,
  othersDataNotice,
} from './guards';
import { ensurePassages } from './passage-index';
import { maskPersonalData } from './personal-data';
import { leaksRules, systemPrompt, userPrompt } from './prompt';
import { type FoundPassage, isRelevant, nearestCourse, retrievePassages } from './retrieve';

export type AskEvent =
  | { event: 'meta'; data: AladinaAnswerMeta }
  | { event: 'delta'; data: { text: string } }
  | {
      event: 'done';
      data: { fallback: boolean; outcome: AladinaAnswerMeta['outcome']; notice: string | null };
    };

/** Not text: control characters (other than tab and new lines), the replacement character, lone surrogates. */
const binary =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is its purpose
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Her question as text worth answering, or a Spanish 400 saying why not (decision 0321). */
export function readQuestion(raw: unknown): string {
  if (raw === undefined || raw === null) throw AppError.of('ALADINA_QUESTION_EMPTY');
  if (typeof raw !== 'string') throw AppError.of('ALADINA_QUESTION_NOT_TEXT');
  if (binary.test(raw)) throw AppError.of('ALADINA_QUESTION_NOT_TEXT');
  const question = raw.trim();
  if (question === '') throw AppError.of('ALADINA_QUESTION_EMPTY');
  if ([...question].length > aladinaQuestionMaxLength) throw AppError.of('ALADINA_QUESTION_TOO_LONG');
  if (!/[\p{L}\p{N}]/u.test(question)) throw AppError.of('ALADINA_QUESTION_NOT_TEXT');
  return question;
}

export async function assertAladinaOn(db: Database): Promise<void> {
  const [control] = await db
    .select({ enabled: serviceControls.enabled })
    .from(serviceControls)
    .where(eq(serviceControls.name, 'ALADINA'));
  if (!control?.enabled) throw AppError.of('ALADINA_DISABLED');
}

const citationsWanted = 4;
const perSection = 2;

function citationOf(n: number, passage: FoundPassage): AladinaCitation {
  const excerpt = passage.body.length > 600 ? `${passage.body.slice(0, 597)}…` : passage.body;
  if (passage.kind === 'cue' && passage.sectionId) {
    const atSeconds = Math.floor((passage.startMs ?? 0) / 1000);
    return {
      n,
      kind: 'class',
      courseId: passage.courseId,
      courseName: passage.courseName,
      sectionId: passage.sectionId,
      sectionName: passage.sectionName,
      atSeconds,
      label: `${passage.sectionName ?? 'Clase'} · ${formatMoment(atSeconds)}`,
      href: classMomentHref(passage.courseId, passage.sectionId, atSeconds),
      excerpt,
    };
  }
  if (passage.kind === 'material' && passage.sectionId) {
    return {
      n,
      kind: 'material',
      courseId: passage.courseId,
      courseName: passage.courseName,
      sectionId: passage.sectionId,
      sectionName: passage.sectionName,
      atSeconds: null,
      label: `Material · ${passage.sectionName ?? passage.courseName}`,
      href: `/academy/${encodeURIComponent(passage.courseId)}/${encodeURIComponent(passage.sectionId)}`,
      excerpt,
    };
  }
  return {
    n,
    kind: 'course',
    courseId: passage.courseId,
    courseName: passage.courseName,
    sectionId: null,
    sectionName: null,
    atSeconds: null,
    label: `Curso · ${passage.courseName}`,
    href: `/academy/${encodeURIComponent(passage.courseId)}`,
    excerpt,
  };
}

/** The best passages, at most two of one section, instructions inside them dropped. */
function pickCitations(passages: FoundPassage[]): AladinaCitation[] {
  const perSectionCount = new Map<string, number>();
  const picked: AladinaCitation[] = [];
  for (const passage of passages) {
    if (picked.length >= citationsWanted) break;
    const key = passage.sectionId ?? `course:${passage.courseId}`;
    const count = perSectionCount.get(key) ?? 0;
    if (count >= perSection) continue;
    const clean = dropInstructions(passage.body);
    if (!clean) continue;
    perSectionCount.set(key, count + 1);
    picked.push(citationOf(picked.length + 1, { ...passage, body: clean }));
  }
  return picked;
}

const sentences = (text: string) =>
  (text.match(/[^.!?]+[.!?]+["”»)]*\s*|[^.!?]+$/g) ?? [text]).map((s) => s.trim()).filter(Boolean);

/** A text without its sentences that give the assistant orders. */
export function dropInstructions(text: string): string {
  return sentences(text)
    .filter((sentence) => !isInjectedInstruction(sentence))
    .join(' ')
    .trim();
}

/** Each citation's words as a cited line: the answer when there is no model, or it failed. */
function passagesAnswer(citations: AladinaCitation[]): string {
  return citations
    .map((c) => {
      const first = sentences(c.excerpt).slice(0, 2).join(' ');
      return `${first} [${c.n}]`;
    })
    .join('\n\n');
}

interface Prepared {
  meta: AladinaAnswerMeta;
  /** the answer's events after meta; `signal` ends it when she leaves */
  events(signal: AbortSignal): AsyncIterable<AskEvent>;
}

/**
 * POST /aladina/questions (issue 42): her question → what the classes say, cited. Everything that
 * can refuse her (the switch, the question itself) happens before the answer starts streaming.
 * Her question is kept masked (DNI, cards, accounts) with its outcome, nothing else; the model
 * only ever sees the masked words and the passages.
 */
export async function prepareAnswer(
  db: Database,
  composer: AnswerComposer | null,
  options: { timeoutMs: number },
  userId: string,
  raw: unknown,
): Promise<Prepared> {
  await assertAladinaOn(db);
  const question = maskPersonalData(readQuestion(raw));
  await ensurePassages(db);
  const viewer = await loadViewer(db, userId);

  // another learner's data: refused; personal advice: the general answer and the notice; orders
  // to the assistant (and nothing else worth answering in the same breath): refused
  const advice = !asksForOthersData(question) && asksPersonalAdvice(question);
  const refusal = asksForOthersData(question)
    ? othersDataNotice
    : !advice && isInjectedInstruction(question)
      ? injectionNotice
      : null;
  // An order inside the question is not part of what she asks about.
  const topic = dropInstructions(question) || question;

  const found = refusal ? { lexemes: [], passages: [] } : await retrievePassages(db, topic);
  const relevant = found.passages.filter((p) => isRelevant(p, found.lexemes.length));
  const open = relevant.filter((p) =>
    isAccessible({ id: p.courseId, kind: p.courseKind, isFree: p.courseIsFree }, viewer),
  );
  const locked = relevant.filter((p) => !open.includes(p));
  const citations = pickCitations(open);
  const lockedCourses = [...new Map(locked.map((p) => [p.courseId, p.courseName])).entries()]
    .filter(([id]) => !citations.some((c) => c.courseId === id))
    .slice(0, 3)
    .map(([id, name]) => ({ id, name, href: `/academy/${encodeURIComponent(id)}` }));

  let outcome: AladinaAnswerMeta['outcome'] = refusal
    ? 'refused'
    : advice
      ? 'advice'
      : citations.length > 0
        ? 'answered'
        : 'not_covered';
  let nearest: { id: string; name: string } | null = null;
  if (outcome === 'not_covered') {
    const top = locked[0] ?? found.passages[0];
    nearest = top ? { id: top.courseId, name: top.courseName } : await nearestCourse(db, topic);
  }
  const [stored] = await db
    .insert(aladinaQuestions)
    .values({
      userId,
      question,
      outcome,
      courseId: citations[0]?.courseId ?? lockedCourses[0]?.id ?? nearest?.id ?? null,
    })
    .returning({ id: aladinaQuestions.id });
  if (!stored) throw new Error('question not stored');

  const meta: AladinaAnswerMeta = {
    questionId: stored.id,
    outcome,
    citations,
    notice: refusal ?? (advice ? adviceNotice : null),
    lockedCourses,
    nearestCourse: nearest
      ? { id: nearest.id, name: nearest.name, href: `/academy/${encodeURIComponent(nearest.id)}` }
      : null,
  };

  async function* events(signal: AbortSignal): AsyncIterable<AskEvent> {
    yield { event: 'meta', data: meta };
    if (outcome === 'refused') {
      yield { event: 'delta', data: { text: meta.notice ?? '' } };
      yield { event: 'done', data: { fallback: false, outcome, notice: meta.notice } };
      return;
    }
    if (outcome === 'advice') {
      const teach = citations.length
        ? `\n\nLo que enseñan las clases en general:\n\n${passagesAnswer(citations.slice(0, 3))}`
        : '';
      const watch = citations.length
        ? `\n\nClases para mirar: ${[...new Set(citations.map((c) => c.label))].join('; ')}.`
        : '';
      yield { event: 'delta', data: { text: `${adviceNotice}${teach}${watch}` } };
      yield { event: 'done', data: { fallback: false, outcome, notice: adviceNotice } };
      return;
    }
    if (outcome === 'not_covered') {
      const more = lockedCourses.length
        ? ` El curso ${lockedCourses.map((c) => `«${c.name}»`).join(', ')} habla de eso: se abre con tu suscripción o con su compra.`
        : nearest
          ? ` El curso más cercano es «${nearest.name}».`
          : '';
      yield { event: 'delta', data: { text: `Los cursos de Alcancía no cubren eso todavía.${more}` } };
      yield { event: 'done', data: { fallback: false, outcome, notice: null } };
      return;
    }

    // answered: the model writes, sentence by sentence checked before it leaves
    let fallback = false;
    let adviceCaught = false;
    let written = 0;
    const timeout = AbortSignal.timeout(options.timeoutMs);
    const both = AbortSignal.any([signal, timeout]);
    const check = (sentence: string): string | null => {
      if (givesPersonalAdvice(sentence)) {
        adviceCaught = true;
        return null;
      }
      if (isInjectedInstruction(sentence) || leaksRules(sentence)) return null;
      // a citation must name a passage that exists
      return maskPersonalData(sentence).replace(/\[(\d+)\]/g, (marker, n) =>
        citations.some((c) => c.n === Number(n)) ? marker : '',
      );
    };
    if (composer) {
      try {
        let buffer = '';
        const flush = function* (final: boolean): Generator<AskEvent> {
          for (;;) {
            const end = boundary(buffer, final);
            if (end <= 0) return;
            const piece = buffer.slice(0, end);
            buffer = buffer.slice(end);
            const checked = check(piece);
            if (checked && checked.trim() !== '') {
              written++;
              yield { event: 'delta', data: { text: checked } };
            }
          }
        };
        for await (const piece of composer.stream({
          system: systemPrompt,
          prompt: userPrompt(question, citations),
          signal: both,
        })) {
          buffer += piece;
          yield* flush(false);
        }
        yield* flush(true);
        if (written === 0 && !adviceCaught) throw new Error('empty answer');
      } catch {
        if (signal.aborted) return;
        fallback = true;
      }
    } else {
      fallback = true;
    }
    if (fallback) {
      const lead = written > 0 ? '\n\n' : '';
      yield {
        event: 'delta',
        data: {
          text: `${lead}No pude redactar la respuesta ahora. Esto es lo que dicen las clases:\n\n${passagesAnswer(citations)}`,
        },
      };
    }
    if (lockedCourses.length > 0) {
      yield {
        event: 'delta',
        data: {
          text: `\n\nHay más sobre esto en ${lockedCourses.map((c) => `«${c.name}»`).join(', ')}: se abre con tu suscripción o con su compra.`,
        },
      };
    }
    if (adviceCaught) {
      outcome = 'advice';
      await db
        .update(aladinaQuestions)
        .set({ outcome })
        .where(eq(aladinaQuestions.id, stored?.id ?? ''));
      yield { event: 'delta', data: { text: `\n\n${adviceNotice}` } };
    }
    yield { event: 'done', data: { fallback, outcome, notice: adviceCaught ? adviceNotice : null } };
  }

  return { meta, events };
}

/** Where the next whole sentence (or paragraph) of `buffer` ends; 0 when none is complete yet. */
function boundary(buffer: string, final: boolean): number {
  const match = /[.!?](?:\s*\[\d+\])*[.!?]?["”»)]*(?:\s+|$)|\n\n/.exec(buffer);
  if (match && (match.index + match[0].length < buffer.length || final)) return match.index + match[0].length;
  return final ? buffer.length : 0;
}

/** Her thumbs up or down on one of her answers. */
export async function rateAnswer(db: Database, userId: string, questionId: string, rating: 'up' | 'down') {
  const { rows } = await db.execute<{ id: string }>(sql`
    update aladina_questions set rating = ${rating === 'up' ? 1 : -1}
     where id = ${questionId} and user_id = ${userId}
     returning id`);
  if (rows.length === 0) throw AppError.notFound('No encontramos esa respuesta.');
}

import { z } from 'zod';
import { coverSchema } from './academy';

/**
 * Novedades, her home (issue 44): GET /api/news/home answers the whole first screen in one call;
 * PUT /api/news/goal sets her weekly goal. The academy's posts are written in the back office
 * (`admin-news.ts`) in the small text format below.
 */

/* ---------------------------------- weekly goal ---------------------------------- */

export const weeklyGoalKinds = ['MINUTES', 'CLASSES'] as const;
export type WeeklyGoalKind = (typeof weeklyGoalKinds)[number];

/** What she may pick, per kind (decision 0351): a goal outside is refused with WEEKLY_GOAL_OUT_OF_RANGE. */
export const weeklyGoalRanges: Record<WeeklyGoalKind, { min: number; max: number }> = {
  MINUTES: { min: 10, max: 600 },
  CLASSES: { min: 1, max: 30 },
};

/** The Spanish refusal of a goal outside its range. */
export function weeklyGoalRangeMessage(kind: WeeklyGoalKind): string {
  const { min, max } = weeklyGoalRanges[kind];
  return kind === 'MINUTES'
    ? `Elegí una meta de ${min} a ${max} minutos por semana.`
    : `Elegí una meta de ${min} a ${max} clases por semana.`;
}

export const weeklyGoalSchema = z.object({
  kind: z.enum(weeklyGoalKinds),
  /** minutes or classes a week; the range per kind is checked by the API (422) */
  target: z.number().int(),
});
export type WeeklyGoal = z.infer<typeof weeklyGoalSchema>;

/** Her week (Monday to Sunday, Buenos Aires), what she did in it and her streak of kept weeks. */
export const newsWeekSchema = z.object({
  /** YYYY-MM-DD, the week's Monday and Sunday */
  start: z.string(),
  end: z.string(),
  minutes: z.number().int().min(0),
  classes: z.number().int().min(0),
  goal: weeklyGoalSchema.nullable(),
  /** this week's goal is met */
  reached: z.boolean(),
  /** weeks in a row whose goal she met, up to this one (an open week not yet met does not break it) */
  streakWeeks: z.number().int().min(0),
});
export type NewsWeek = z.infer<typeof newsWeekSchema>;

/* ---------------------------------- the home ---------------------------------- */

export const newsContinueSchema = z.object({
  courseId: z.string(),
  courseName: z.string(),
  sectionId: z.string(),
  sectionName: z.string(),
  fraction: z.number().min(0).max(1),
});
export type NewsContinue = z.infer<typeof newsContinueSchema>;

export const newsCardSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['COURSE', 'PROGRAM', 'PACK', 'EVENT']),
  description: z.string(),
  cover: coverSchema.nullable(),
});
export type NewsCard = z.infer<typeof newsCardSchema>;

export const newsPostLinkSchema = z.object({
  kind: z.enum(['CLASS', 'COURSE', 'PROGRAM']),
  courseId: z.string(),
  sectionId: z.string().nullable(),
  /** the course's (or class's) name, the link's text */
  label: z.string(),
});
export type NewsPostLink = z.infer<typeof newsPostLinkSchema>;

export const newsPostSchema = z.object({
  id: z.string(),
  title: z.string(),
  coverUrl: z.string().nullable(),
  coverAlt: z.string(),
  /** the text in the post format (parsePostBody); the web renders it as elements, never as HTML */
  body: z.string(),
  link: newsPostLinkSchema.nullable(),
  publishedAt: z.string(),
});
export type NewsPost = z.infer<typeof newsPostSchema>;

/** One of the day's dollar rates, from the same source as Mis Cuentas (providers/exchange-rates). */
export const dollarRateSchema = z.object({
  /** the rate's name as shown (Oficial, MEP, Blue, Tarjeta) */
  name: z.string(),
  /** pesos per dollar */
  buy: z.number().nullable(),
  sell: z.number(),
  /** who published it, in Spanish */
  source: z.string(),
  /** ISO date-time the source dated it */
  asOf: z.string(),
  /** the last answer is old (the source did not answer lately): shown as "desactualizada" */
  stale: z.boolean(),
});
export type DollarRate = z.infer<typeof dollarRateSchema>;

export const newsHomeSchema = z.object({
  continueClass: newsContinueSchema.nullable(),
  week: newsWeekSchema,
  newCourses: z.array(newsCardSchema),
  events: z.array(newsCardSchema),
  posts: z.array(newsPostSchema),
  /** the day's dollar rates (the same source as Mis Cuentas); empty: not available now */
  rates: z.array(dollarRateSchema),
});
export type NewsHome = z.infer<typeof newsHomeSchema>;

export const newsHomeUrl = '/api/news/home';
export const newsGoalUrl = '/api/news/goal';

/* ---------------------------------- the post format ---------------------------------- */

/**
 * A post's text (decision 0352): paragraphs separated by a blank line, `## ` a subtitle, lines
 * starting with `- ` a list, and inside a line `**negrita**`, `*cursiva*` and
 * `[texto](https://… o /ruta)`. Nothing else: no HTML at all, so a post cannot carry a script,
 * and the web builds elements from the parsed blocks (text is always text).
 */
export type PostInline =
  | { type: 'text'; text: string }
  | { type: 'strong'; text: string }
  | { type: 'em'; text: string }
  | { type: 'link'; text: string; href: string };

export type PostBlock =
  | { type: 'heading'; content: PostInline[] }
  | { type: 'paragraph'; content: PostInline[] }
  | { type: 'list'; items: PostInline[][] };

export const postBodyMaxLength = 5000;

/** A link's address the post may use: https, or a path of this site (not `//host`). */
export function isSafePostHref(href: string): boolean {
  if (/^\/(?!\/)[^\s\\]*$/.test(href)) return true;
  try {
    const url = new URL(href);
    return url.protocol === 'https:' && !/\s/.test(href);
  } catch {
    return false;
  }
}

const inlinePattern = /\*\*([^*]+)\*\*|\*([^*]+)\*|\[([^\]]+)\]\(([^)\s]+)\)/g;

export function parsePostInline(line: string): PostInline[] {
  const out: PostInline[] = [];
  let last = 0;
  for (const match of line.matchAll(inlinePattern)) {
    const index = match.index ?? 0;
    if (index > last) out.push({ type: 'text', text: line.slice(last, index) });
    if (match[1] !== undefined) out.push({ type: 'strong', text: match[1] });
    else if (match[2] !== undefined) out.push({ type: 'em', text: match[2] });
    else if (match[3] !== undefined && match[4] !== undefined) {
      // an address the format refuses stays as its text (the API refuses it when saved)
      if (isSafePostHref(match[4])) out.push({ type: 'link', text: match[3], href: match[4] });
      else out.push({ type: 'text', text: match[3] });
    }
    last = index + match[0].length;
  }
  if (last < line.length) out.push({ type: 'text', text: line.slice(last) });
  return out;
}

export function parsePostBody(body: string): PostBlock[] {
  const blocks: PostBlock[] = [];
  for (const chunk of body.replace(/\r\n?/g, '\n').split(/\n\s*\n/)) {
    const lines = chunk
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    if (lines.every((line) => line.startsWith('- '))) {
      blocks.push({ type: 'list', items: lines.map((line) => parsePostInline(line.slice(2).trim())) });
    } else if (lines.length === 1 && lines[0]?.startsWith('## ')) {
      blocks.push({ type: 'heading', content: parsePostInline(lines[0].slice(3).trim()) });
    } else {
      blocks.push({ type: 'paragraph', content: parsePostInline(lines.join(' ')) });
    }
  }
  return blocks;
}

/**
 * Why a post's text is refused, in Spanish, or null when it is fine: HTML of any kind (a tag, a
 * comment, an entity-encoded tag is plain text and harmless) and links to anything but https or
 * this site (javascript:, data:, http:).
 */
export function postBodyProblem(
  body: string,
): { code: 'NEWS_POST_HTML' | 'NEWS_POST_LINK'; message: string } | null {
  if (/<\s*[a-zA-Z!/?]/.test(body)) {
    return {
      code: 'NEWS_POST_HTML',
      message:
        'El texto no admite HTML ni scripts. Usá el formato de la guía: **negrita**, *cursiva*, listas con "- " y enlaces [texto](https://…).',
    };
  }
  for (const match of body.matchAll(/\]\(([^)]*)\)/g)) {
    if (!isSafePostHref((match[1] ?? '').trim())) {
      return {
        code: 'NEWS_POST_LINK',
        message: 'Los enlaces tienen que empezar con https:// o con / (una página de Alcancía).',
      };
    }
  }
  return null;
}

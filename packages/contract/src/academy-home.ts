/**
 * The academy home's first calls (issue 30, decisions 0216 and 0230), free of zod: the web's entry
 * imports this list, and importing the package's index would bring zod and every schema into it.
 * What the academy home's first screen waits for: the session's bootstrap answer and the
 * catalogue's first lists, unfiltered (features/academy/first-queries.ts starts the same calls
 * through the query cache; a web test keeps the two lists equal).
 */
export const academyHomeCalls = [
  '/api/users/me/bootstrap',
  '/api/academy/courses/quick',
  '/api/academy/v2/programs/quick',
  '/api/academy/packs/quick',
  '/api/academy/filters',
  '/api/academy/content/progress',
  '/api/academy/events',
] as const;

export type AcademyHomeCall = (typeof academyHomeCalls)[number];

/** GET of all of them in one answer (their parts in this order). */
export const academyHomeAnswersUrl = '/api/users/me/academy-home';

import { askEarly } from '../lib/early-answers';
import { readCredentials } from '../lib/session';

/**
 * What the academy home's first screen waits for (features/academy/first-queries.ts starts the
 * same calls through the query cache; first-queries.test.ts keeps the two lists equal): the
 * session's bootstrap answer and the catalogue's first lists, unfiltered.
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

/**
 * Run by the entry before it renders (issue 30, decision 0216): on a first load of the academy
 * home with a session, its calls go out at once, while the shell's and the page's code are still
 * on their way (on a slow connection each is a round trip of its own). The page's queries take
 * the answers (lib/early-answers.ts). With a query string (filters, an e-mailed code) nothing is
 * sent early: those loads ask as before.
 */
export function sendEarlyCalls(location: Pick<Location, 'pathname' | 'search'>): void {
  const credentials = readCredentials();
  if (!credentials || location.search !== '' || !/^\/academy\/?$/.test(location.pathname)) return;
  askEarly(academyHomeCalls, credentials.accessToken);
  sent = true;
}

let sent = false;

/** Whether this load's first calls went out from the entry (the router then skips its own). */
export function earlyCallsSent(): boolean {
  return sent;
}

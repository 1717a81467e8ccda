import { academyHomeAnswersUrl, academyHomeCalls } from '@alcancia/contract/academy-home';
import { askEarlyTogether } from '../lib/early-answers';
import { readCredentials } from '../lib/session';

/**
 * What the academy home's first screen waits for (the contract's list, zod-free): the session's
 * bootstrap answer and the catalogue's first lists, unfiltered. features/academy/first-queries.ts
 * starts the same calls through the query cache; early-calls.test.ts keeps the two lists equal.
 */
export { academyHomeCalls };

/**
 * Run by the entry before it renders (issue 30, decision 0216): on a first load of the academy
 * home with a session, its calls go out at once, while the shell's and the page's code are still
 * on their way (on a slow connection each is a round trip of its own), as one request that
 * answers them all (GET /users/me/academy-home, decision 0230). The page's queries take the
 * answers (lib/early-answers.ts). With a query string (filters, an e-mailed code) nothing is
 * sent early: those loads ask as before.
 */
export function sendEarlyCalls(location: Pick<Location, 'pathname' | 'search'>): void {
  const credentials = readCredentials();
  if (!credentials || location.search !== '' || !/^\/academy\/?$/.test(location.pathname)) return;
  askEarlyTogether(academyHomeAnswersUrl, academyHomeCalls, credentials.accessToken);
  sent = true;
}

let sent = false;

/** Whether this load's first calls went out from the entry (the router then skips its own). */
export function earlyCallsSent(): boolean {
  return sent;
}

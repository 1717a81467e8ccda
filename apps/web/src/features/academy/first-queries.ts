import type { QueryClient } from '@tanstack/react-query';
import { startBootstrap } from '../../shared/account/bootstrap';
import {
  academyFiltersQuery,
  coursesQuery,
  eventsQuery,
  packsQuery,
  programsQuery,
  progressOverviewQuery,
  quickCoursesQuery,
} from '../../shared/catalogue/catalog-api';
import { filtersFromSearch, hasActiveFilters } from './filter-rules';
import { wantsForYou } from './for-you-rules';

/** The academy home's course list for "Para vos" (academy-page.tsx asks for the same key). */
export const forYouListSize = 60;

/**
 * Which first queries an address needs before its code arrives: the academy home (`/academy`),
 * with or without filters in its query string (filtered, the lists are asked with the filters, so
 * only the unfiltered ones are started here); anything else, none.
 */
export function academyEntry(pathname: string, search: string): 'none' | 'home' | 'filtered' {
  if (!/^\/academy\/?$/.test(pathname)) return 'none';
  return hasActiveFilters(filtersFromSearch(new URLSearchParams(search))) ? 'filtered' : 'home';
}

/**
 * Starts the academy home's first calls at once, side by side: the session's (one bootstrap
 * answer: user, subscription, service switches, flags) and the catalogue's (courses, filters,
 * progress, programs, packs, events). Run when the data layout's code arrives, so they do not wait
 * for the shell's and the page's code, nor for one another; the page's queries then find them in flight (same keys and options). "Para
 * vos" needs her answers: its list starts as soon as the user arrives, not when the page renders.
 */
export function startAcademyQueries(client: QueryClient, pathname: string, search: string): void {
  const entry = academyEntry(pathname, search);
  if (entry === 'none') return;
  // the session's pieces in one answer (user, subscription, switches, flags: shell/bootstrap.ts)
  const user = startBootstrap(client);
  void client.prefetchQuery(academyFiltersQuery);
  void client.prefetchQuery(progressOverviewQuery);
  void client.prefetchQuery(quickCoursesQuery({}));
  void client.prefetchQuery(eventsQuery);
  if (entry !== 'home') {
    void user.catch(() => undefined);
    return;
  }
  void client.prefetchQuery(programsQuery({}));
  void client.prefetchQuery(packsQuery({}));
  user.then(
    (data) => {
      if (!data.interestsPending && wantsForYou(data)) {
        void client.prefetchQuery(coursesQuery({}, 1, forYouListSize));
      }
    },
    // the shell's own query shows what failed (the cache keeps the error for it)
    () => undefined,
  );
}

import { startAcademyQueries } from '../features/academy/first-queries';
import { readCredentials } from '../lib/session';
import { queryClient } from './data-layout';

/*
 * Asked for by the router beside the data layout on a first load of the academy home (issue 30):
 * once evaluated, with a session, the page's session and catalogue calls start side by side in
 * the visit's query client, without waiting for the shell's and the page's code to arrive and
 * render. Its own module so that neither the first-load entry nor the visitors' pages carry it.
 */
if (readCredentials() !== null && typeof window !== 'undefined') {
  startAcademyQueries(queryClient, window.location.pathname, window.location.search);
}

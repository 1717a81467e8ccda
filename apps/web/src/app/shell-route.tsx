import { readCredentials } from '../lib/session';
import { startBootstrap } from '../shared/account/bootstrap';
import { queryClient } from './data-layout';
import { ShellLayout } from './shell/shell-layout';

/*
 * The first logged-in screen's session data in one answer (issue 30, decision 0170): asked for as
 * soon as the shell's code arrives, before it renders, so the shell's hooks find it on its way.
 * The academy home asks for it even earlier (academy-first-calls.ts); the second ask only waits.
 */
if (readCredentials() !== null && typeof window !== 'undefined') {
  // a failure shows through the shell's own queries (the cache keeps it for them)
  startBootstrap(queryClient).catch(() => undefined);
}

/** The logged-in shell as a lazy route element (its own chunk, loaded with the first shell page). */
export default ShellLayout;

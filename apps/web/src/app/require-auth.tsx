import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { asNavigationState } from '../lib/entry-params';
import { academyPath, loginPath } from '../lib/paths';
import { useIsLoggedIn } from '../lib/use-session';

/**
 * Guard of the protected pages: a logged-out visitor goes to /login with followingPage set to the
 * current path plus query (and the entry parameters carried along).
 */
export function RequireAuth() {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  if (!loggedIn) {
    // An e-mail and an error (an e-mailed link that no longer works) go along to the login page.
    const { entry, email, error } = asNavigationState(location.state);
    return (
      <Navigate
        to={loginPath}
        replace
        state={{ followingPage: location.pathname + location.search, entry, email, error }}
      />
    );
  }
  return <Outlet />;
}

/**
 * `/`: the academy with a session; without one, `visitor` (the shop window, issue 30), or the login
 * when the address carries something for it (a query, a page to return to, a message): query and
 * state go along.
 */
export function HomeRedirect({ visitor }: { visitor: ReactNode }) {
  const loggedIn = useIsLoggedIn();
  const location = useLocation();
  const carried = location.search !== '' || Object.keys(asNavigationState(location.state)).length > 0;
  if (!loggedIn && !carried) return visitor;
  return (
    <Navigate
      to={{ pathname: loggedIn ? academyPath : loginPath, search: location.search }}
      state={location.state}
      replace
    />
  );
}

import { lazy } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { EntryGate } from './entry-gate';
import { usePageViews } from './page-views';
import { PublicLayout } from './public-layout';
import { HomeRedirect, RequireAuth } from './require-auth';

/*
 * Every route of the app. Features own their pages; this file only places them. Each page is its
 * own chunk (React.lazy) so /login downloads only what it needs. The declarative router is used on
 * purpose: the data router (createBrowserRouter) adds about 16 KB gzip to every first load, which
 * would not fit the 100 KB budget of /login; no page needs loaders or actions.
 */
const LoginPage = lazy(() => import('../features/auth/login-page'));
const RegisterPage = lazy(() => import('../features/auth/register-page'));
const ValidatePage = lazy(() => import('../features/auth/validate-page'));
const RecoverPage = lazy(() => import('../features/auth/recover-page'));
const TermsPage = lazy(() => import('../features/legal/terms-page'));
const NotFoundPage = lazy(() => import('../features/not-found/not-found-page'));
const DataLayout = lazy(() => import('./data-layout'));
const AcademyPage = lazy(() => import('../features/academy/academy-page'));

function AppRoutes() {
  usePageViews();
  return (
    <EntryGate>
      <Routes>
        <Route element={<PublicLayout />}>
          <Route index element={<HomeRedirect />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="register" element={<RegisterPage />} />
          <Route path="validate" element={<ValidatePage />} />
          <Route path="recover" element={<RecoverPage />} />
          <Route path="terminos-y-condiciones" element={<TermsPage />} />
          <Route element={<RequireAuth />}>
            <Route element={<DataLayout />}>
              <Route path="academy" element={<AcademyPage />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </EntryGate>
  );
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}

import { lazy } from 'react';
import { BrowserRouter, Route, Routes, useLocation } from 'react-router';
import { readCredentials } from '../lib/session';
import { ErrorBoundary } from '../ui/error-boundary';
import { earlyCallsSent } from './early-calls';
import { EntryGate } from './entry-gate';
import { usePageViews } from './page-views';
import { PublicLayout } from './public-layout';
import { PwaPromptsLater } from './pwa/pwa-prompts-later';
import { HomeRedirect, RequireAuth } from './require-auth';

/*
 * Every route of the app. Features own their pages; this file only places them. Each page is its
 * own chunk (React.lazy) so /login downloads only what it needs. The declarative router is used on
 * purpose: the data router (createBrowserRouter) adds about 16 KB gzip to every first load, which
 * would not fit the 100 KB budget of /login; no page needs loaders or actions.
 *
 * Logged-in pages sit inside RequireAuth → DataLayout (TanStack Query, loaded with them) → the
 * shell (side bar, navbar, banners, footer, chat).
 */
const LoginPage = lazy(() => import('../features/auth/login-page'));
const RegisterPage = lazy(() => import('../features/auth/register-page'));
const ValidatePage = lazy(() => import('../features/auth/validate-page'));
const RecoverPage = lazy(() => import('../features/auth/recover-page'));
const TermsPage = lazy(() => import('../features/legal/terms-page'));
const CertificatePage = lazy(() => import('../features/certificates/certificate-page'));
const NotFoundPage = lazy(() => import('../shared/not-found/not-found-page'));
const loadShell = () => import('./shell-route');
const loadAcademyCalls = () => import('./academy-first-calls');
const loadAcademy = () => import('../features/academy/academy-page');
const loadPrograms = () => import('../features/programs/programs-page');
const loadCourseViewer = () => import('../features/course-viewer/course-viewer-page');
const loadPublicCourse = () => import('../features/shop-window/public-course-page');
/**
 * The first logged-in page would load three chunks one after the other (data layout → shell →
 * page); asking for the shell and the page with the data layout loads them side by side. Each
 * request starts in a task of its own: adding a chunk's preload links costs a few milliseconds,
 * and inside the first render they made one long task (Total Blocking Time).
 */
const inTaskOfItsOwn = (load: () => Promise<unknown>) => setTimeout(() => void load(), 0);

/**
 * The academy home's code, asked for by the entry right after its early calls (main.tsx) instead
 * of when React's first render reaches the data layout: on a busy phone that render takes a few
 * hundred milliseconds the code need not wait for (issue 30, decision 0216).
 */
export function loadAcademyHomeCode(): void {
  inTaskOfItsOwn(() => import('./data-layout'));
  inTaskOfItsOwn(loadShell);
  inTaskOfItsOwn(loadAcademy);
}
const DataLayout = lazy(() => {
  const path = typeof window === 'undefined' ? '' : window.location.pathname;
  // A visitor's page under the data layout (the shop window, a checkout's first step) has no shell:
  // its chunks would only hold up the page's own on a slow connection (issue 30).
  if (readCredentials() === null) {
    if (/^\/(cursos|programas)\/[^/]+\/?$/.test(path)) inTaskOfItsOwn(loadPublicCourse);
    return import('./data-layout');
  }
  if (/^\/academy\/?$/.test(path)) {
    // its session and catalogue calls first, before the page's and the shell's code (issue 30);
    // without filters the entry sent them already (early-calls.ts)
    if (!earlyCallsSent()) inTaskOfItsOwn(loadAcademyCalls);
    inTaskOfItsOwn(loadShell);
    inTaskOfItsOwn(loadAcademy);
    return import('./data-layout');
  }
  inTaskOfItsOwn(loadShell);
  if (/^\/programas\/?$/.test(path)) inTaskOfItsOwn(loadPrograms);
  else if (/^\/academy\/(?!cursos\/?$)[^/]+(\/[^/]+)?\/?$/.test(path)) inTaskOfItsOwn(loadCourseViewer);
  return import('./data-layout');
});
const ShellLayout = lazy(loadShell);
const AcademyPage = lazy(loadAcademy);
const CourseViewerPage = lazy(loadCourseViewer);
const CoursesPage = lazy(() => import('../features/academy/courses-page'));
const ProgramsPage = lazy(loadPrograms);
const ProgramDetailPage = lazy(() => import('../features/programs/program-detail-page'));
const CommunityPage = lazy(() => import('../features/community/community-page'));
// issue 44: Mis clases guardadas, played offline (features/course-viewer)
const KeptClassesPage = lazy(() => import('../features/course-viewer/kept-classes-page'));
const NewsRoute = lazy(() => import('./news-route'));
const PfmRoute = lazy(() => import('./pfm-route'));
const AladinaPage = lazy(() => import('./aladina-route'));
const DeepLinkPage = lazy(() => import('../features/deep-links/deep-link-page'));
const ScanPage = lazy(() => import('../features/deep-links/scan-page'));
const PlanListPage = lazy(() => import('../features/subscriptions/plan-list-page'));
const IdentificationPage = lazy(() => import('../features/subscriptions/identification-page'));
const SubscriptionCheckoutPage = lazy(() => import('../features/subscriptions/checkout-page'));
const SubscriptionSuccessPage = lazy(() => import('../features/subscriptions/success-page'));
const PublicPlanPage = lazy(() => import('../features/subscriptions/public-plan-page'));
const LegacySubscriptionRedirect = lazy(() => import('../features/subscriptions/legacy-redirect'));
const GuestPurchasePage = lazy(() => import('../features/guest-memberships/guest-purchase-page'));
const GuestResultPage = lazy(() => import('../features/guest-memberships/guest-result-page'));
const ProgramIdentificationPage = lazy(() => import('../features/programs/program-identification-page'));
const ProgramCheckoutPage = lazy(() => import('../features/programs/program-checkout-page'));
const PurchaseSuccessPage = lazy(() => import('../features/programs/purchase-success-page'));
const OtherPaymentMethodsPage = lazy(() => import('../features/payments/other-payment-methods-page'));
const AccountLayout = lazy(() => import('../features/account/account-layout'));
const MyNotesSection = lazy(() => import('../features/aladina/my-notes-section'));
const ProfileSection = lazy(() => import('../features/account/profile-section'));
const PrivacySection = lazy(() => import('../features/account/privacy-section'));
const RemindersSection = lazy(() => import('../features/reminders/reminders-section'));
const AccountSubscriptionSection = lazy(
  () => import('../features/subscriptions/account-subscription-section'),
);
const AccountAccessSection = lazy(() => import('../features/subscriptions/account-access-section'));
const AccountPaymentsSection = lazy(() => import('../features/payments/account-payments-section'));
const WithdrawalPage = lazy(() => import('../features/withdrawals/withdrawal-page'));
const CancellationPage = lazy(() => import('../features/subscriptions/cancellation-page'));
const AdminApp = lazy(() => import('../features/admin/admin-app'));
// the shop window (issue 30): public pages for visitors, each its own chunk
const ShopHomePage = lazy(() => import('../features/shop-window/shop-home-page'));
const PublicCataloguePage = lazy(() => import('../features/shop-window/public-catalogue-page'));
const PublicCoursePage = lazy(loadPublicCourse);

function AppRoutes() {
  usePageViews();
  const { pathname } = useLocation();
  return (
    <EntryGate>
      {/* the logged-in layouts' own code (shell, data) failing to load: the same way on */}
      <ErrorBoundary resetKey={pathname}>
        <Routes>
          <Route element={<PublicLayout />}>
            {/* `/`: the academy with a session; a visitor sees the shop window */}
            <Route element={<HomeRedirect visitor={<DataLayout />} />}>
              <Route index element={<ShopHomePage />} />
            </Route>
            <Route path="login" element={<LoginPage />} />
            <Route path="register" element={<RegisterPage />} />
            <Route path="validate" element={<ValidatePage />} />
            <Route path="recover" element={<RecoverPage />} />
            <Route path="terminos-y-condiciones" element={<TermsPage />} />
            <Route path="baja" element={<CancellationPage />} />
            <Route path="certificados/:id" element={<CertificatePage />} />
            <Route path="deepLink" element={<DeepLinkPage />} />
            <Route path="scan/:vertical" element={<ScanPage />} />
            <Route element={<DataLayout />}>
              {/* public, but a logged-in visitor picks among her payments (TanStack Query) */}
              <Route path="arrepentimiento" element={<WithdrawalPage />} />
              <Route path="compra/suscripcion" element={<PlanListPage />} />
              <Route
                path="compra/suscripcion/identificacion/:plan/:frequency"
                element={<IdentificationPage />}
              />
              <Route path="suscripcion/:idPlan" element={<PublicPlanPage />} />
              <Route path="compra/programa/identificacion/:id" element={<ProgramIdentificationPage />} />
              <Route path="cursos" element={<PublicCataloguePage />} />
              <Route path="cursos/:courseId" element={<PublicCoursePage kind="course" />} />
              <Route path="programas/:programId" element={<PublicCoursePage kind="program" />} />
            </Route>
            <Route path="compra/mf-oro" element={<GuestPurchasePage tier="ORO" />} />
            <Route path="compra/mf-oro/:result" element={<GuestResultPage tier="ORO" />} />
            <Route path="compra/mf-platinum" element={<GuestPurchasePage tier="PLATINUM" />} />
            <Route path="compra/mf-platinum/:result" element={<GuestResultPage tier="PLATINUM" />} />
            <Route path="compra/mf-black" element={<GuestPurchasePage tier="BLACK" />} />
            <Route path="compra/mf-black/:result" element={<GuestResultPage tier="BLACK" />} />
            <Route path="suscripcion" element={<LegacySubscriptionRedirect />} />
            <Route path="suscripciones" element={<LegacySubscriptionRedirect />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
          <Route element={<RequireAuth />}>
            <Route element={<DataLayout />}>
              {/* the back office (issue 18): its own layout, its routes inside admin-app */}
              <Route path="admin/*" element={<AdminApp />} />
              <Route element={<ShellLayout />}>
                <Route path="academy" element={<AcademyPage />} />
                <Route path="academy/:courseId" element={<CourseViewerPage />} />
                <Route path="academy/:courseId/:sectionId" element={<CourseViewerPage />} />
                <Route path="academy/cursos" element={<CoursesPage />} />
                <Route path="programas" element={<ProgramsPage />} />
                <Route path="programas/:id/detalle" element={<ProgramDetailPage />} />
                <Route path="comunidad" element={<CommunityPage />} />
                <Route path="guardadas" element={<KeptClassesPage />} />
                <Route path="novedades" element={<NewsRoute />} />
                <Route path="misCuentas" element={<PfmRoute />} />
                <Route path="aladina" element={<AladinaPage />} />
                <Route path="compra/suscripcion/:plan/:frequency" element={<SubscriptionCheckoutPage />} />
                <Route path="suscripcion-exitosa" element={<SubscriptionSuccessPage />} />
                <Route path="compra/programa/:id" element={<ProgramCheckoutPage />} />
                <Route path="compra-exitosa" element={<PurchaseSuccessPage />} />
                <Route path="compra/otras-formas-de-pago" element={<OtherPaymentMethodsPage />} />
                <Route path="mi-cuenta" element={<AccountLayout />}>
                  <Route index element={<ProfileSection />} />
                  <Route path="suscripcion" element={<AccountSubscriptionSection />} />
                  <Route path="accesos" element={<AccountAccessSection />} />
                  <Route path="pagos" element={<AccountPaymentsSection />} />
                  <Route path="notas" element={<MyNotesSection />} />
                  <Route path="privacidad" element={<PrivacySection />} />
                  <Route path="recordatorios" element={<RemindersSection />} />
                </Route>
              </Route>
            </Route>
          </Route>
        </Routes>
      </ErrorBoundary>
      {/* the installable app's messages: offline, a new version, the install invitation (issue 44) */}
      <PwaPromptsLater />
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

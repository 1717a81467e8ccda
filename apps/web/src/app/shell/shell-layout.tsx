import { lazy, memo, Suspense, useState } from 'react';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router';
import { ChatLauncher, ChatModal } from '../../features/chat/chat-assistant';
import { chatVendorOf, showChatLauncher } from '../../features/chat/chat-rules';
import { LegalStrip } from '../../features/legal/legal-strip';
import { track } from '../../lib/analytics';
import { useCredentials } from '../../lib/use-session';
import { useCurrentUser, useServiceControl, useSubscription } from '../../shared/account/account-queries';
import { showsOnboarding } from '../../shared/account/onboarding-rules';
import { useLogout } from '../../shared/auth/use-logout';
import { ErrorBoundary } from '../../ui/error-boundary';
import { Spinner } from '../../ui/feedback';
import { Icon, type IconName } from '../../ui/icons';
import { ComingSoonModal } from './coming-soon-modal';
import { DiscountBanner } from './discount-banner';
import {
  activeMobileTab,
  activeNavKey,
  isFlushPage,
  type MobileTabKey,
  mobileTabs,
  type NavItem,
  type NavKey,
  navItems,
} from './nav-model';
import { ProfileControl } from './profile-control';
import { ShellFooter } from './shell-footer';
import { VerificationNotice } from './verification';
import './shell.css';
import { academyPath, accountPath } from '../../lib/paths';

/**
 * The onboarding form is for the few users without a country; its code (form fields, phone and
 * country rules) loads only when it is shown, not with every logged-in page.
 */
const OnboardingDialog = lazy(() =>
  import('./onboarding-dialog').then((module) => ({ default: module.OnboardingDialog })),
);

/** A refused renewal's notice: its code and query load only for card subscribers. */
const PastDueBanner = lazy(() => import('../../features/subscriptions/past-due-banner'));

const iconOf: Record<NavKey, IconName> = {
  news: 'news',
  academy: 'academy',
  programs: 'play',
  pfm: 'pfm',
  community: 'community',
  aladina: 'aladina',
};

const mobileIconOf: Record<MobileTabKey, IconName> = {
  academy: 'academy',
  programs: 'play',
  account: 'account',
  community: 'community',
};

function Brand() {
  return (
    <Link to={academyPath} className="shell-brand" aria-label="Alcancía, ir a la academia">
      <span className="brand-mark" aria-hidden="true">
        A
      </span>
    </Link>
  );
}

/** One navigation entry: a link, or (disabled sections) a button that opens the coming-soon modal. */
function NavEntry({
  item,
  active,
  onDisabled,
}: {
  item: NavItem;
  active: boolean;
  onDisabled(item: NavItem): void;
}) {
  const content = (
    <>
      <Icon name={iconOf[item.key]} size={24} />
      <span className="nav-text">{item.text}</span>
    </>
  );
  if (item.isDisabled) {
    return (
      <button
        type="button"
        className="nav-entry nav-entry-soon"
        aria-haspopup="dialog"
        onClick={() => {
          track(item.eventName, { disabled: true });
          onDisabled(item);
        }}
      >
        {content}
      </button>
    );
  }
  return (
    <NavLink
      to={item.path}
      className={active ? 'nav-entry nav-entry-active' : 'nav-entry'}
      aria-current={active ? 'page' : undefined}
      onClick={() => track(item.eventName)}
    >
      {content}
    </NavLink>
  );
}

/**
 * The page inside the shell, kept out of the shell's re-renders: those come from query answers
 * (user, service switches), which React renders synchronously, and re-rendering through here would
 * also mount the page there if its code had just arrived, in one long task. The page re-renders
 * on navigation (router context) and on its own state.
 */
const PageOutlet = memo(function PageOutlet() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary resetKey={pathname}>
      <Suspense fallback={<Spinner />}>
        <Outlet />
      </Suspense>
    </ErrorBoundary>
  );
});

/**
 * The logged-in shell (spec §2): side bar (≥ 768 px) with the logo, the sections and logout;
 * the phone's tab bar below (Academia, Programas, Mi cuenta, Comunidad: what works on the web); the profile control; the verification notice and discount banner; the
 * page; the footer; the chat assistant. Disabled sections open "{Sección} Próximamente".
 */
export function ShellLayout() {
  const { pathname } = useLocation();
  const credentials = useCredentials();
  const logout = useLogout();
  const user = useCurrentUser();
  const subscription = useSubscription();
  const cardSubscriber =
    subscription.data?.isSubscribed === true && subscription.data.lastUserServiceOrigin === 'CARD';
  const community = useServiceControl('COMMUNITY');
  const chatBot = useServiceControl('CHAT_BOT');
  const news = useServiceControl('NEWS');
  const pfm = useServiceControl('PFM');
  const aladina = useServiceControl('ALADINA');
  const navigate = useNavigate();
  const [soon, setSoon] = useState<NavItem | null>(null);
  const [chatOpen, setChatOpen] = useState(false);

  const items = navItems({
    communityEnabled: community.data?.enabled === true,
    newsEnabled: news.data?.enabled === true,
    pfmEnabled: pfm.data?.enabled === true,
    aladinaEnabled: aladina.data?.enabled === true,
  });
  const tabs = mobileTabs({ communityEnabled: community.data?.enabled === true });
  const active = activeNavKey(pathname);
  const activeTab = activeMobileTab(pathname);
  const flush = isFlushPage(pathname);
  const userId = user.data?.id ?? credentials?.userId ?? null;
  const chatVendor = chatVendorOf(chatBot.data?.reference);
  const chatVisible = showChatLauncher({ enabled: chatBot.data?.enabled, userId, pathname });

  return (
    <div className="shell">
      <a className="skip-link" href="#contenido">
        Saltar al contenido
      </a>
      <div className="sidebar">
        <Brand />
        <nav aria-label="Secciones" className="sidebar-nav">
          <ul>
            {items.map((item) => (
              <li key={item.key}>
                <NavEntry item={item} active={active === item.key} onDisabled={setSoon} />
              </li>
            ))}
          </ul>
        </nav>
        <NavLink
          to={accountPath}
          className={({ isActive }) => (isActive ? 'nav-entry nav-entry-active' : 'nav-entry')}
          onClick={() => track('navbar_account_click')}
        >
          <Icon name="account" size={24} />
          <span className="nav-text">Mi cuenta</span>
        </NavLink>
        <button type="button" className="nav-entry sidebar-logout" onClick={logout}>
          <Icon name="logout" size={24} />
          <span className="nav-text">Cerrar Sesión</span>
        </button>
      </div>

      <div className="shell-column">
        <LegalStrip />
        <header className="topbar">
          <span className="topbar-brand">
            <Brand />
            <span className="topbar-name" aria-hidden="true">
              Alcancía
            </span>
          </span>
          <ProfileControl />
        </header>
        {user.data && <VerificationNotice user={user.data} />}
        {user.data && showsOnboarding(user.data) && (
          <Suspense fallback={null}>
            <OnboardingDialog user={user.data} />
          </Suspense>
        )}
        <DiscountBanner />
        {cardSubscriber && (
          <Suspense fallback={null}>
            <PastDueBanner />
          </Suspense>
        )}
        <main
          id="contenido"
          className={flush ? 'shell-content shell-content-flush' : 'shell-content'}
          tabIndex={-1}
        >
          <PageOutlet />
        </main>
        <ShellFooter onSupportChat={chatVisible ? () => setChatOpen(true) : undefined} />
      </div>

      <nav aria-label="Secciones" className="mobile-nav">
        <ul>
          {tabs.map((tab) => (
            <li key={tab.key}>
              <NavLink
                to={tab.path}
                className={activeTab === tab.key ? 'nav-entry nav-entry-active' : 'nav-entry'}
                aria-current={activeTab === tab.key ? 'page' : undefined}
                onClick={() => track(tab.eventName)}
              >
                <Icon name={mobileIconOf[tab.key]} size={24} />
                <span className="nav-text">{tab.text}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>

      <ComingSoonModal item={soon} onClose={() => setSoon(null)} />
      {chatVisible && userId && (
        <>
          {/* the ALADINA vendor is the academy's own assistant: its page, not a vendor's frame (issue 42) */}
          <ChatLauncher
            vendor={chatVendor}
            onOpen={() => (chatVendor === 'ALADINA' ? navigate('/aladina') : setChatOpen(true))}
          />
          {chatVendor !== 'ALADINA' && (
            <ChatModal
              open={chatOpen}
              onClose={() => setChatOpen(false)}
              vendor={chatVendor}
              userId={userId}
            />
          )}
        </>
      )}
    </div>
  );
}

/**
 * /deepLink?screen={name} maps the app's screens to web routes (purchases spec, "Deep links").
 * Screen names are compared ignoring case, "_" and "-" (courseConsumption = COURSE_CONSUMPTION).
 *
 * | screen            | parameters          | route                          |
 * | courseConsumption | id, optional sectionId | /academy/{id}[/{sectionId}] |
 * | myAccounts        |                     | /misCuentas/                   |
 * | feed              |                     | /novedades/                    |
 * | academy           |                     | /academy/                      |
 * | programScreen     |                     | /programas/                    |
 * | communityPage     |                     | /comunidad/                    |
 * | loginPage         | code                | /login?code={code}             |
 * | anything else     |                     | /novedades                     |
 */
export const unknownScreenTarget = '/novedades';

const aliases: Record<string, string> = {
  courseconsumption: 'course',
  course: 'course',
  myaccounts: 'myAccounts',
  pfm: 'myAccounts',
  feed: 'feed',
  news: 'feed',
  academy: 'academy',
  programscreen: 'programs',
  programs: 'programs',
  communitypage: 'community',
  community: 'community',
  loginpage: 'login',
  login: 'login',
};

function normalize(screen: string | null): string | null {
  if (!screen) return null;
  return aliases[screen.toLowerCase().replace(/[^a-z0-9]/g, '')] ?? null;
}

const segment = (value: string) => encodeURIComponent(value);

export function deepLinkTarget(search: string | URLSearchParams): string {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const id = params.get('id')?.trim() || params.get('courseId')?.trim();
  const sectionId = params.get('sectionId')?.trim();
  switch (normalize(params.get('screen'))) {
    case 'course':
      if (!id) return unknownScreenTarget;
      return sectionId ? `/academy/${segment(id)}/${segment(sectionId)}` : `/academy/${segment(id)}`;
    case 'myAccounts':
      return '/misCuentas/';
    case 'feed':
      return '/novedades/';
    case 'academy':
      return '/academy/';
    case 'programs':
      return '/programas/';
    case 'community':
      return '/comunidad/';
    case 'login': {
      const code = params.get('code');
      return code ? `/login?code=${encodeURIComponent(code)}` : '/login';
    }
    default:
      return unknownScreenTarget;
  }
}

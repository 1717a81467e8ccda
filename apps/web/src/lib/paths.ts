/**
 * The app's route paths, in one place (issue 32, decision 0203): links, redirects and navigation
 * read them here instead of repeating the literal; app/router.tsx declares the same routes.
 * Paths with a parameter are built from these: the ones several floors use below, the others
 * beside their page (plan-rules, course-navigation, guest-tiers, …).
 *
 * Plain string constants on purpose: the module is imported by the entry (app/require-auth), so it
 * adds a few hundred bytes there and no chunk of its own to any page.
 */
export const academyPath = '/academy';
export const coursesPath = '/academy/cursos';
export const programsPath = '/programas';
export const communityPath = '/comunidad';
export const newsPath = '/novedades';
export const loginPath = '/login';
export const registerPath = '/register';
export const accountPath = '/mi-cuenta';
export const accountSubscriptionPath = '/mi-cuenta/suscripcion';
export const accountAccessPath = '/mi-cuenta/accesos';
export const accountPaymentsPath = '/mi-cuenta/pagos';
export const accountPrivacyPath = '/mi-cuenta/privacidad';
export const accountRemindersPath = '/mi-cuenta/recordatorios';
/** Mi cuenta › Mis notas: her notes inside the classes (issue 42) */
export const accountNotesPath = '/mi-cuenta/notas';
/** the plans page: where every "Ver planes" and every refused access leads */
export const plansPath = '/compra/suscripcion';
export const programPurchasePath = '/compra/programa';
export const otherPaymentMethodsPath = '/compra/otras-formas-de-pago';
export const purchaseSuccessPath = '/compra-exitosa';
export const subscriptionSuccessPath = '/suscripcion-exitosa';
export const withdrawalPath = '/arrepentimiento';
export const cancellationPath = '/baja';
export const termsPath = '/terminos-y-condiciones';

const segment = encodeURIComponent;
/** a course's (or program's, or event's) page in the academy */
export const academyCoursePath = (id: string) => `${academyPath}/${segment(id)}`;
/** a program's detail page, where it is bought */
export const programDetailPath = (id: string) => `${programsPath}/${segment(id)}/detalle`;
/** a program's checkout */
export const programCheckoutPath = (id: string) => `${programPurchasePath}/${segment(id)}`;

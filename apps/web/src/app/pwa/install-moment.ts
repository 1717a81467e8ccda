/**
 * When the app invites her to install it (issue 44, decision 0364): on a calm page — her home or
 * the academy, never a checkout, a payment, the player or a form — after she has been there a
 * little while, and never again for 90 days once she said "Ahora no".
 */
export const installDismissedKey = 'alcancia-instalar-descartada';
export const calmSeconds = 20;
const quietDays = 90;

export function isCalmPage(pathname: string): boolean {
  return /^\/(novedades|academy)\/?$/.test(pathname);
}

export function mayInvite({
  pathname,
  dismissedAt,
  now = Date.now(),
  standalone = false,
}: {
  pathname: string;
  dismissedAt: string | null;
  now?: number;
  standalone?: boolean;
}): boolean {
  if (standalone || !isCalmPage(pathname)) return false;
  const dismissed = dismissedAt ? Date.parse(dismissedAt) : Number.NaN;
  return !(Number.isFinite(dismissed) && now - dismissed < quietDays * 86_400_000);
}

/** "Hay una versión nueva" waits on pages where a reload would cost her something. */
export function mayOfferUpdate(pathname: string): boolean {
  return (
    !/^\/(compra|suscripcion|suscripciones|checkout|arrepentimiento|baja)(\/|$)/.test(pathname) &&
    !/^\/academy\/[^/]+\/[^/]+/.test(pathname)
  );
}

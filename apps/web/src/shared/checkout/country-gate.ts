/** Argentina is the only country the checkouts sell to (spec §9). */
export const allowedCountry = 'AR';

/**
 * The country gate (spec §4) blocks a country other than Argentina. An account without a country
 * (social logins) is not blocked: the shell's onboarding form asks for it before any checkout
 * continues (spec §4 "Onboarding"), and the gate decides once she has answered.
 */
export function isCountryBlocked(country: string | null | undefined): boolean {
  return typeof country === 'string' && country !== allowedCountry;
}

/**
 * Both checkouts (subscription and program) live inside the shell, whose onboarding form asks an
 * account without a country for one (spec §4 "Onboarding": before continuing). Meanwhile the
 * checkout waits behind its loader; once she answers, the country gate decides.
 */
export function awaitsCountry(user: { countryCode: string | null } | undefined): boolean {
  return user !== undefined && user.countryCode === null;
}

/** What the checkout's loader says while it waits for the onboarding form. */
export const awaitingCountryLabel = 'Completá tu perfil para continuar con la compra.';

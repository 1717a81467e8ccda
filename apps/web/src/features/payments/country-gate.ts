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

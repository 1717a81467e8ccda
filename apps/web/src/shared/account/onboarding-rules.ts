import type { CurrentUser } from '@alcancia/contract';
import { type CountryCode, countryCodes, normalizePhone } from '@alcancia/contract/rules';
import { verificationState } from './account-rules';

/**
 * The pure rules of the onboarding form (spec §4 "Onboarding", §5): a logged-in user without a
 * country completes country, phone and (when the account has none) name before continuing.
 */
export interface OnboardingValues {
  country: CountryCode | '';
  name: string;
  phone: string;
}

export const emptyOnboardingValues: OnboardingValues = { country: '', name: '', phone: '' };

/** The spec's incomplete-data message, word for word. */
export const incompleteDataMessage = 'Completa todos los datos';
export const invalidPhoneMessage = 'Ingresá un teléfono válido, solo con números.';

/** Social logins (and accounts made elsewhere) arrive without a country: they see the form. */
export function needsOnboarding(user: Pick<CurrentUser, 'countryCode'>): boolean {
  return user.countryCode === null;
}

/**
 * Whether the shell shows the form: not while the unverified-account modal blocks the shell (one
 * modal at a time; the form comes once the account is validated).
 */
export function showsOnboarding(
  user: Pick<CurrentUser, 'countryCode' | 'emailVerified' | 'createdAt'>,
  now: Date = new Date(),
): boolean {
  return needsOnboarding(user) && verificationState(user, now) !== 'blocked';
}

/** The name is asked only when the account does not have one yet. */
export function asksName(user: Pick<CurrentUser, 'name'>): boolean {
  return user.name.trim() === '';
}

export type OnboardingProblem = 'incomplete' | 'invalidPhone';

/** What stops the form from being sent, or null when it can go. */
export function onboardingProblem(values: OnboardingValues, askName: boolean): OnboardingProblem | null {
  const countryChosen = (countryCodes as readonly string[]).includes(values.country);
  if (!countryChosen || values.phone.trim() === '' || (askName && values.name.trim() === '')) {
    return 'incomplete';
  }
  if (!normalizePhone(values.country as CountryCode, values.phone)) return 'invalidPhone';
  return null;
}

/** PATCH /users/partialonboarding's body (the server stores the phone with the calling code). */
export function toOnboardingPayload(values: OnboardingValues, askName: boolean) {
  if (onboardingProblem(values, askName) !== null || values.country === '') return null;
  return {
    countryCode: values.country,
    telephone: values.phone.trim(),
    ...(askName ? { name: values.name.trim() } : {}),
  };
}

/**
 * The two questions after the account is validated (issue 30): once her country is known (the
 * form above comes first), until she answers or skips them.
 */
export function asksInterests(user: Pick<CurrentUser, 'countryCode' | 'interestsPending'>): boolean {
  return user.interestsPending && !needsOnboarding(user);
}

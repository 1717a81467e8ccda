import { type CountryCode, countries, normalizePhone } from '@alcancia/contract/rules';
import { ApiError } from '../../lib/api-client';

/** The pure rules of Mi cuenta › Datos and Privacidad, testable without a browser. */

export interface ProfileValues {
  name: string;
  country: CountryCode | '';
  /** what she types after the calling code */
  phone: string;
}

/**
 * The phone as the form shows it: the stored "+<calling code><number>" without the calling code
 * (and, for Argentina, without the 9 registration adds), so saving it unchanged stores the same.
 */
export function localPhone(country: CountryCode | '' | null, telephone: string | null): string {
  if (!telephone) return '';
  const digits = telephone.replace(/^\+/, '');
  const callingCode = countries.find((c) => c.code === country)?.callingCode ?? '';
  if (!callingCode || !digits.startsWith(callingCode)) return digits;
  const local = digits.slice(callingCode.length);
  return country === 'AR' && local.startsWith('9') ? local.slice(1) : local;
}

export function profileValuesOf(user: {
  name: string;
  countryCode: CountryCode | null;
  telephone: string | null;
}): ProfileValues {
  return {
    name: user.name,
    country: user.countryCode ?? '',
    phone: localPhone(user.countryCode, user.telephone),
  };
}

export type ProfileField = keyof ProfileValues;

export function profileErrors(values: ProfileValues): Partial<Record<ProfileField, string>> {
  const errors: Partial<Record<ProfileField, string>> = {};
  if (!values.name.trim()) errors.name = 'Ingresá tu nombre.';
  if (!values.country) errors.country = 'Elegí tu país.';
  if (!values.phone.trim()) errors.phone = 'Ingresá tu teléfono.';
  else if (values.country && !normalizePhone(values.country, values.phone)) {
    errors.phone = 'Ingresá un teléfono válido, solo con números.';
  }
  return errors;
}

/** The PATCH body: only what changed; null when nothing did or the values cannot be saved. */
export function profileChanges(
  initial: ProfileValues,
  values: ProfileValues,
): { name?: string; phone?: string; countryCode?: CountryCode } | null {
  if (Object.keys(profileErrors(values)).length > 0 || !values.country) return null;
  const changes: { name?: string; phone?: string; countryCode?: CountryCode } = {};
  if (values.name.trim() !== initial.name.trim()) changes.name = values.name.trim();
  if (values.country !== initial.country) changes.countryCode = values.country;
  const samePhone =
    values.country === initial.country &&
    normalizePhone(values.country, values.phone) ===
      (initial.country ? normalizePhone(initial.country, initial.phone) : null);
  if (!samePhone) changes.phone = values.phone.trim();
  return Object.keys(changes).length > 0 ? changes : null;
}

/**
 * The text for a failed call: the server's Spanish message (the first field's, for invalid data),
 * or `fallback` when the failure says nothing useful (the server broke, not an API answer).
 */
export function accountErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const field = error.fields?.[0]?.message;
  if (error.internalCode === 'INVALID_DATA' && field) return field;
  if (error.status >= 500 && error.internalCode !== 'PAYMENTS_NOT_CONFIGURED') return fallback;
  return error.message || fallback;
}

/** The export's file name, as the server names it: alcancia-mis-datos-YYYY-MM-DD.json */
export const exportFileNameFor = (argentinaDate: string) => `alcancia-mis-datos-${argentinaDate}.json`;

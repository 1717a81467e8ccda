import type { FieldError } from '@alcancia/contract';
import {
  type CountryCode,
  countries,
  emailPattern,
  invalidEmailMessage,
  isValidPassword,
  normalizePhone,
} from '@alcancia/contract/rules';
import { authTexts } from './messages';

/** The pure rules of the register and recover forms, testable without a browser. */
export interface RegisterValues {
  name: string;
  country: CountryCode | '';
  email: string;
  emailConfirm: string;
  phone: string;
  password: string;
}

export type RegisterField = keyof RegisterValues;

export const emptyRegisterValues: RegisterValues = {
  name: '',
  country: 'AR',
  email: '',
  emailConfirm: '',
  phone: '',
  password: '',
};

export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && emailPattern.test(email);
}

export function sameEmail(a: string, b: string): boolean {
  return a.trim().toLowerCase() === b.trim().toLowerCase();
}

export function callingCodeOf(country: CountryCode | ''): string {
  return countries.find((c) => c.code === country)?.callingCode ?? '';
}

/** Keeps what a phone may hold while typing: digits and the separators people use. */
export function sanitizePhoneInput(value: string): string {
  return value.replace(/[^\d\s\-()+]/g, '').slice(0, 24);
}

/** Field errors of the current values (independent of whether the field was touched). */
export function registerErrors(values: RegisterValues): Partial<Record<RegisterField, string>> {
  const errors: Partial<Record<RegisterField, string>> = {};
  if (values.email.trim() && !isValidEmail(values.email)) errors.email = invalidEmailMessage;
  if (values.emailConfirm.trim() && !sameEmail(values.email, values.emailConfirm)) {
    errors.emailConfirm = authTexts.emailMismatch;
  }
  if (values.phone.trim() && (!values.country || !normalizePhone(values.country, values.phone))) {
    errors.phone = authTexts.invalidPhone;
  }
  return errors;
}

/**
 * Spec: submit only when name, country, e-mail, phone and a valid password are present and no
 * error exists (the confirmation must be filled and equal too).
 */
export function canSubmitRegister(values: RegisterValues): boolean {
  const filled =
    values.name.trim() !== '' &&
    values.country !== '' &&
    values.email.trim() !== '' &&
    values.emailConfirm.trim() !== '' &&
    values.phone.trim() !== '';
  return filled && isValidPassword(values.password) && Object.keys(registerErrors(values)).length === 0;
}

/** The request body, or null when the values cannot be sent. */
export function toRegisterPayload(values: RegisterValues) {
  if (!canSubmitRegister(values) || !values.country) return null;
  const telephone = normalizePhone(values.country, values.phone);
  if (!telephone) return null;
  return {
    name: values.name.trim(),
    email: values.email.trim().toLowerCase(),
    password: values.password,
    country: values.country,
    telephone,
  };
}

/** Recover: submit only when the password is non-empty, valid and equal to the confirmation. */
export function canSubmitRecover(password: string, confirmation: string): boolean {
  return password !== '' && password === confirmation && isValidPassword(password);
}

/** Server field names (the register request's) → form fields. */
const serverFieldMap: Record<string, RegisterField> = {
  name: 'name',
  email: 'email',
  password: 'password',
  country: 'country',
  telephone: 'phone',
};

/**
 * The INVALID_DATA `fields` of a register call, per form field (first message wins). Paths come
 * as "body.telephone" (the request part first); a bare "telephone" is read too.
 */
export function toFieldErrors(fields: FieldError[] | undefined): Partial<Record<RegisterField, string>> {
  const result: Partial<Record<RegisterField, string>> = {};
  for (const field of fields ?? []) {
    const parts = field.path.split('.');
    const name = serverFieldMap[(parts[0] === 'body' ? parts[1] : parts[0]) ?? ''];
    if (name && !result[name]) result[name] = field.message;
  }
  return result;
}

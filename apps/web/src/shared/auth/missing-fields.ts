import { isValidPassword } from '@alcancia/contract/rules';
import { type RegisterField, type RegisterValues, registerErrors } from './form-rules';

// The register form names what is still missing instead of greying its button out (issue 30,
// decision 0142). A file of its own: the login page loads form-rules, not this.

/** How the missing-fields message names each field (issue 30). */
const registerFieldNames: Record<RegisterField, string> = {
  name: 'tu nombre',
  country: 'tu país',
  email: 'tu correo electrónico',
  emailConfirm: 'la confirmación del correo',
  phone: 'tu teléfono',
  password: 'una contraseña que cumpla los requisitos',
};

/** The fields still empty or wrong, in the form's order. */
export function missingRegisterFields(values: RegisterValues): RegisterField[] {
  const errors = registerErrors(values);
  const order: RegisterField[] = ['name', 'country', 'email', 'emailConfirm', 'phone', 'password'];
  return order.filter((field) => {
    if (field === 'password') return !isValidPassword(values.password);
    if (field === 'country') return values.country === '';
    return values[field].trim() === '' || errors[field] !== undefined;
  });
}

/** "Para crear tu cuenta falta tu nombre y tu teléfono." — null when nothing is missing. */
export function missingFieldsMessage(fields: readonly RegisterField[]): string | null {
  if (fields.length === 0) return null;
  const names = fields.map((field) => registerFieldNames[field]);
  const list = names.length === 1 ? names[0] : `${names.slice(0, -1).join(', ')} y ${names.at(-1)}`;
  return `Para crear tu cuenta falta ${list}.`;
}

/**
 * Validation rules shared by the web and the API, free of zod so the login and register pages
 * stay light. The zod schemas in users.ts are built on them.
 */

/** Spec: word characters with optional separators, an @, a domain and a 2 to 10 letter ending. */
export const emailPattern = /^\w+([.+-]\w+)*@\w+([.-]\w+)*(\.[A-Za-z]{2,10})+$/;
export const invalidEmailMessage = 'El formato del correo es inválido.';

/**
 * Her DNI for the invoice (optional at every checkout, decision 0133), as ARCA takes it with
 * DocTipo 96: 7 or 8 digits, no leading zero. The browser takes dots and spaces away first.
 */
export const invoiceDniPattern = /^[1-9]\d{6,7}$/;
export const invoiceDocumentErrorMessage = 'Ingresá tu DNI: 7 u 8 números, sin puntos.';

/** The live checklist of the register and recover forms, in the spec's words and order. */
export const passwordRules = [
  { id: 'uppercase', message: 'Al menos una mayúscula.', test: (v: string) => /\p{Lu}/u.test(v) },
  { id: 'lowercase', message: 'Al menos una minúscula.', test: (v: string) => /\p{Ll}/u.test(v) },
  { id: 'number', message: 'Al menos un número.', test: (v: string) => /\d/.test(v) },
  { id: 'length', message: 'Debe superar los 8 caracteres.', test: (v: string) => v.length >= 8 },
  { id: 'noSpaces', message: 'No debe contener espacios en blanco.', test: (v: string) => !/\s/.test(v) },
] as const;

export const passwordMaxLength = 128;

export function isValidPassword(value: string): boolean {
  return value.length <= passwordMaxLength && passwordRules.every((rule) => rule.test(value));
}

export const countryCodes = ['AR', 'MX', 'UY', 'CL', 'CO', 'VE', 'PE', 'ES', 'OTHER'] as const;
export type CountryCode = (typeof countryCodes)[number];

export const countries: { code: CountryCode; name: string; callingCode: string }[] = [
  { code: 'AR', name: 'Argentina', callingCode: '54' },
  { code: 'MX', name: 'México', callingCode: '52' },
  { code: 'UY', name: 'Uruguay', callingCode: '598' },
  { code: 'CL', name: 'Chile', callingCode: '56' },
  { code: 'CO', name: 'Colombia', callingCode: '57' },
  { code: 'VE', name: 'Venezuela', callingCode: '58' },
  { code: 'PE', name: 'Perú', callingCode: '51' },
  { code: 'ES', name: 'España', callingCode: '34' },
  // Other countries type their own calling code as part of the number.
  { code: 'OTHER', name: 'Otro país', callingCode: '' },
];

/**
 * Builds the stored phone "+<calling code><number>" from the country and what the user typed:
 * digits only, spaces removed; for Argentina (+54) a 9 is inserted after the prefix if missing.
 * Returns null when the result is not a plausible phone (7 to 15 digits in all).
 */
export function normalizePhone(country: CountryCode, typed: string): string | null {
  const callingCode = countries.find((c) => c.code === country)?.callingCode ?? '';
  let digits = typed.replace(/[\s\-().]/g, '').replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return null;
  if (callingCode && digits.startsWith(callingCode) && digits.length > callingCode.length + 6) {
    digits = digits.slice(callingCode.length);
  }
  if (country === 'AR' && !digits.startsWith('9')) digits = `9${digits}`;
  const full = `${callingCode}${digits}`;
  return full.length >= 7 && full.length <= 15 ? `+${full}` : null;
}

/**
 * The onboarding's two questions (issue 30): what she wants to learn (one or more) and how much
 * she already knows. Codes are stored on her profile; the labels are the web's.
 */
export const learningGoals = [
  'ORDER_SPENDING',
  'GET_OUT_OF_DEBT',
  'START_INVESTING',
  'ENTREPRENEURSHIP',
] as const;
export type LearningGoal = (typeof learningGoals)[number];
export const knowledgeLevels = ['NOTHING', 'SOME', 'A_LOT'] as const;
export type KnowledgeLevel = (typeof knowledgeLevels)[number];

import { z } from 'zod';

/* ---------- shared validation rules (web and API use the same ones) ---------- */

/** Spec: word characters with optional separators, an @, a domain and a 2 to 10 letter ending. */
export const emailPattern = /^\w+([.+-]?\w+)*@\w+([.-]?\w+)*(\.[A-Za-z]{2,10})+$/;
export const invalidEmailMessage = 'El formato del correo es inválido.';

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(emailPattern, invalidEmailMessage)
  .transform((v) => v.toLowerCase());

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

export const passwordSchema = z.string().max(passwordMaxLength).refine(isValidPassword, {
  message: 'La contraseña no cumple los requisitos.',
});

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

export const nameSchema = z.string().trim().min(1, 'Ingresá tu nombre.').max(100);

/* ---------- credentials and user ---------- */

/** Stored by the web in local storage under these fields. `token` equals `accessToken`. */
export const credentialsSchema = z.object({
  token: z.string(),
  accessToken: z.string(),
  refreshToken: z.string(),
  userId: z.string(),
});
export type Credentials = z.infer<typeof credentialsSchema>;

export const currentUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  createdAt: z.string(),
  /** YYYY-MM-DD (Argentina date) of the last subscribed day, or null */
  subscriptionEndDate: z.string().nullable(),
  countryCode: z.enum(countryCodes).nullable(),
  telephone: z.string().nullable(),
  /** product type → purchased product ids, e.g. { programs: ['…'] } */
  purchases: z.record(z.string(), z.array(z.string())),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/* ---------- requests ---------- */

export const registerRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: z.string().max(passwordMaxLength),
  country: z.enum(countryCodes),
  telephone: z.string().trim().min(1).max(32),
});
export const registerResponseSchema = z.object({ userId: z.string() });

export const loginRequestSchema = z.object({
  email: z.string().trim().min(1).max(254),
  password: z.string().min(1).max(passwordMaxLength),
});

export const refreshTokenRequestSchema = z.object({ refreshToken: z.string().min(1).max(200) });

export const emailOnlyRequestSchema = z.object({ email: emailSchema });

export const validateAccountRequestSchema = z.object({
  email: emailSchema,
  validationCode: z.string().trim().min(1).max(64),
});

export const confirmPasswordRequestSchema = z.object({
  email: emailSchema,
  password: z.string().max(passwordMaxLength),
  code: z.string().trim().min(1).max(64),
});

export const credentialsQuerySchema = z.object({
  email: emailSchema,
  verification_code: z.string().trim().min(1).max(64),
});

export const socialLoginQuerySchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(2048),
  channel: z.string().max(32).optional(),
});

export const partialOnboardingRequestSchema = z.object({
  countryCode: z.enum(countryCodes),
  name: nameSchema.optional(),
  telephone: z.string().trim().min(1).max(32),
});

export const okResponseSchema = z.object({ ok: z.literal(true) });

/* ---------- tracking ---------- */

export const analyticEventSchema = z.object({
  event: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .regex(/^[\w.:-]+$/),
  source: z.literal('web'),
  deviceId: z.string().trim().min(8).max(64),
  timestamp: z.iso.datetime({ offset: true }),
  identity: z
    .object({
      userId: z.string().max(64).optional(),
      name: z.string().max(100).optional(),
      email: z.string().max(254).optional(),
      isSubscribed: z.boolean().optional(),
    })
    .optional(),
  channel: z.string().max(64).nullish(),
  properties: z
    .record(z.string().max(64), z.union([z.string().max(500), z.number(), z.boolean(), z.null()]))
    .refine((p) => Object.keys(p).length <= 20, 'Demasiadas propiedades.')
    .optional(),
});
export type AnalyticEvent = z.infer<typeof analyticEventSchema>;

/* ---------- service controls ---------- */

export const serviceControlNames = [
  'COMMUNITY',
  'CHAT_BOT',
  'SOCIAL_LOGIN_GOOGLE',
  'SOCIAL_LOGIN_FACEBOOK',
  'SUBSCRIPTION_CHECKOUT_PROVIDER',
] as const;

export const serviceControlSchema = z.object({
  name: z.string(),
  enabled: z.boolean(),
  resource: z.string().nullable(),
  reference: z.string().nullable(),
});
export type ServiceControl = z.infer<typeof serviceControlSchema>;

/** internalCodes of the /users calls (spec section 8). */
export const userErrorCodes = [
  'EMAIL_ALREADY_EXISTS',
  'PASSWORD_NOT_VALID',
  'INVALID_DATA',
  'INVALID_CREDENTIALS',
  'UNVERIFIED_ACCOUNT',
  'USER_ALREADY_CONFIRMED',
  'INVALID_VERIFICATION_CODE',
  'EMAIL_NOT_FOUND',
  'EMAIL_ALREADY_VERIFIED',
  'INVALID_REFRESH_TOKEN',
  'SOCIAL_LOGIN_FAILED',
  'TOO_MANY_REQUESTS',
] as const;

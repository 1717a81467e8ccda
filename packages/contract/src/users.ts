import { z } from 'zod';
import {
  countryCodes,
  emailPattern,
  invalidEmailMessage,
  isValidPassword,
  knowledgeLevels,
  learningGoals,
  passwordMaxLength,
} from './rules';

export const emailSchema = z
  .string()
  .trim()
  .max(254)
  .regex(emailPattern, invalidEmailMessage)
  .transform((v) => v.toLowerCase());

export const passwordSchema = z.string().max(passwordMaxLength).refine(isValidPassword, {
  message: 'La contraseña no cumple los requisitos.',
});

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
  /** the onboarding's answers (issue 30): her goals (none when skipped) and how much she knows */
  learningGoals: z.array(z.enum(learningGoals)),
  knowledgeLevel: z.enum(knowledgeLevels).nullable(),
  /** true once she validated her e-mail (or first logged in with a social account) until she answers or skips */
  interestsPending: z.boolean(),
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

/**
 * POST /users/login for an operator (issue 18): the password was right, the second factor is next.
 * `mfaToken` is short-lived and only good for POST /users/login/mfa.
 */
export const mfaChallengeSchema = z.object({ mfaRequired: z.literal(true), mfaToken: z.string() });
export type MfaChallenge = z.infer<typeof mfaChallengeSchema>;
export const loginResponseSchema = z.union([credentialsSchema, mfaChallengeSchema]);
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** POST /users/login/mfa: the 6 digits of the authenticator app, or a recovery code (XXXXX-XXXXX). */
export const loginMfaRequestSchema = z.object({
  mfaToken: z.string().min(1).max(2048),
  code: z.string().trim().min(6).max(32),
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
  /** Novedades is her home (issue 44); off: the greeting with the app QR */
  'NEWS',
  /** Aladina, the academy's assistant (issue 42); off: the coming-soon entry */
  'ALADINA',
  /** Mis Cuentas, her money (issue 43); off: the greeting with the app QR */
  'PFM',
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
  /** changing a country already used by a country check (a country-limited code, a purchase) */
  'COUNTRY_CHANGE_NOT_ALLOWED',
  'TOO_MANY_REQUESTS',
  /** an operator's second factor (issue 18): a wrong or used code, an expired mfaToken */
  'INVALID_MFA_CODE',
  'MFA_TOKEN_EXPIRED',
] as const;

import { z } from 'zod';

/**
 * Back office (issue 18): who may do what. Learners have no role. Every /api/admin route asks for
 * one permission; a role holds the permissions listed here (the API's guard and the web's menu
 * read this one table).
 */
export const operatorRoles = ['admin', 'editor', 'support'] as const;
export type OperatorRole = (typeof operatorRoles)[number];

export const adminPermissions = [
  /** her own operator profile, second factor and recovery codes */
  'self',
  /** members: search, profile, validation mail, sessions, products, subscription */
  'members',
  /** payments, refunds and what waits for the provider */
  'payments',
  'promo-codes',
  /** service controls and feature flags */
  'switches',
  'audit',
  /** courses, programs, packs, events, uploads */
  'content',
  /** catalogue order and publication */
  'catalogue',
  /** plans and prices */
  'prices',
  'dashboard',
  /** electronic invoices: retry one ARCA did not authorize (reading them is `payments`) */
  'fiscal',
] as const;
export type AdminPermission = (typeof adminPermissions)[number];

export const rolePermissions: Record<OperatorRole, readonly AdminPermission[]> = {
  admin: adminPermissions,
  editor: ['self', 'content', 'catalogue'],
  support: ['self', 'members', 'payments', 'promo-codes'],
};

export const roleLabels: Record<OperatorRole, string> = {
  admin: 'Administración',
  editor: 'Edición',
  support: 'Soporte',
};

/* ---------- GET /admin/me ---------- */

export const operatorSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.enum(operatorRoles),
  permissions: z.array(z.enum(adminPermissions)),
  /** recovery codes not used yet */
  recoveryCodesLeft: z.number().int(),
});
export type Operator = z.infer<typeof operatorSchema>;

/* ---------- POST /admin/me/totp, POST /admin/me/totp/confirm ---------- */

const operatorPassword = z.string().min(1, 'Ingresá tu contraseña.').max(200);

/**
 * Replacing her second factor needs more than a session (issue 29): her password and a current
 * code of her app, or one of her recovery codes (a lost phone).
 */
export const totpReauthRequestSchema = z.object({
  password: operatorPassword,
  code: z
    .string()
    .trim()
    .min(1, 'Ingresá el código de tu aplicación o un código de recuperación.')
    .max(20, 'Ingresá el código de tu aplicación o un código de recuperación.'),
});
export type TotpReauthRequest = z.infer<typeof totpReauthRequestSchema>;

/** A new second factor to scan: shown once, active only after a code from it is confirmed. */
export const totpEnrolmentSchema = z.object({
  secret: z.string(),
  otpauthUri: z.string(),
  /** the otpauth URI as an SVG QR code */
  qrSvg: z.string(),
  /** proof that her password and current factor were checked: good for 10 minutes, for /confirm */
  enrolmentToken: z.string(),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** The new app's code, with her password again and the proof of the start. */
export const totpConfirmRequestSchema = z.object({
  password: operatorPassword,
  enrolmentToken: z.string().min(1).max(2000),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Ingresá los 6 números de tu aplicación.'),
});
export type TotpConfirmRequest = z.infer<typeof totpConfirmRequestSchema>;

export const totpCodeRequestSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Ingresá los 6 números de tu aplicación.'),
});

/** Ten single-use recovery codes, shown once. */
export const recoveryCodesSchema = z.object({ recoveryCodes: z.array(z.string()) });
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

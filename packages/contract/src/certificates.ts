import { z } from 'zod';

export const certificateErrorCodes = [
  'CERTIFICATE_NOT_AVAILABLE',
  'CERTIFICATE_EMAIL_NOT_SUPPORTED',
] as const;
export type CertificateErrorCode = (typeof certificateErrorCodes)[number];

/** GET /academy/certificate — answers an image/png named `{curso}_certificado.png`. */
export const certificateQuerySchema = z.object({
  course_id: z.string().min(1).max(120),
  /** the spec sends false; e-mail delivery is not offered */
  send_by_email: z.enum(['true', 'false']).default('false'),
  type: z.literal('standard').default('standard'),
});
export type CertificateQuery = z.infer<typeof certificateQuerySchema>;

/** Certificate ids look like `7K3M-9QX2-H4TD` (Crockford base32, no I, L, O or U). */
export const certificateIdSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(
    /^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/,
    'Código de certificado inválido',
  );

export const certificateParamsSchema = z.object({ id: certificateIdSchema });

/** GET /certificates/{id} (anonymous): what a third party needs to verify a certificate. */
export const certificateSchema = z.object({
  id: z.string(),
  learnerName: z.string(),
  courseName: z.string(),
  /** YYYY-MM-DD, Argentina date */
  completedOn: z.string(),
});
export type Certificate = z.infer<typeof certificateSchema>;

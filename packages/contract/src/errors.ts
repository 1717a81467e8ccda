import { z } from 'zod';

/**
 * Every error leaves the API as `{ internalCode, message }` (plus `fields` for validation).
 * The web maps `internalCode` to the Spanish texts of the spec; `message` is a Spanish fallback.
 */
export const errorCodes = [
  'INVALID_DATA',
  'NOT_FOUND',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'PAYLOAD_TOO_LARGE',
  'TOO_MANY_REQUESTS',
  'BAD_REQUEST',
  'UNEXPECTED_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export type KnownErrorCode = (typeof errorCodes)[number];

export const fieldErrorSchema = z.object({
  path: z.string(),
  message: z.string(),
});

export const errorResponseSchema = z.object({
  internalCode: z.string(),
  message: z.string(),
  fields: z.array(fieldErrorSchema).optional(),
});

export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type FieldError = z.infer<typeof fieldErrorSchema>;

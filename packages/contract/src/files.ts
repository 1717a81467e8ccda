import { z } from 'zod';

/** Codes of the file routes, besides the common ones. */
export const fileErrorCodes = [
  'SUBSCRIPTION_REQUIRED',
  'PURCHASE_REQUIRED',
  'FILE_TYPE_NOT_ALLOWED',
  'INVALID_FILE_SIGNATURE',
  'FILE_URL_EXPIRED',
] as const;
export type FileErrorCode = (typeof fileErrorCodes)[number];

/**
 * GET /academy/file-url/{fileKey}: a short-lived URL of a downloadable material (PDF or XLSX).
 * With local storage it is a path on this API (`/api/files/...`); with S3 an absolute presigned URL.
 * Add `download=1` to a local URL to save instead of view.
 */
export const fileUrlResponseSchema = z.object({
  /** shows the file (inline), e.g. in the page's PDF viewer */
  url: z.string(),
  /**
   * saves the file (attachment, with its Spanish name): a presigned bucket URL is cross-origin, where
   * browsers ignore a link's `download` attribute, so the disposition is signed into its own URL
   */
  downloadUrl: z.string(),
  /** when the URL stops working (ISO 8601) */
  expiresAt: z.string(),
});
export type FileUrlResponse = z.infer<typeof fileUrlResponseSchema>;

/** Query of a signed file URL (GET /files/{fileKey}). */
export const signedFileQuerySchema = z.object({
  /** Unix seconds */
  expires: z.coerce.number().int().nonnegative(),
  /** file name shown and saved, covered by the signature */
  name: z.string().min(1).max(200),
  signature: z.string().min(1).max(200),
  download: z.enum(['1', '0', 'true', 'false']).optional(),
});
export type SignedFileQuery = z.infer<typeof signedFileQuerySchema>;

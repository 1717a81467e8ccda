import { apiRequest } from '../../lib/api-client';

export interface FileUrl {
  /** shows the file */
  url: string;
  /** saves it (signed with an attachment disposition: works for a bucket on another origin too) */
  downloadUrl: string;
  /** ISO 8601; the URL stops working then (5 minutes) */
  expiresAt: string;
}

/** GET /academy/file-url/{fileKey}: a short-lived URL of a PDF or XLSX material. */
export function getFileUrl(fileKey: string, signal?: AbortSignal): Promise<FileUrl> {
  return apiRequest<FileUrl>(`/academy/file-url/${encodeURIComponent(fileKey)}`, { signal });
}

/** True when the URL expires within `marginMs` (a click then asks for a fresh one). */
export function isExpiring(file: FileUrl, now = Date.now(), marginMs = 20_000): boolean {
  const expires = Date.parse(file.expiresAt);
  return !Number.isFinite(expires) || expires - now < marginMs;
}

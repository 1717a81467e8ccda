import { apiRequest } from '../../lib/api-client';

export interface FileUrl {
  url: string;
  /** ISO 8601; the URL stops working then (5 minutes) */
  expiresAt: string;
}

/** GET /academy/file-url/{fileKey}: a short-lived URL of a PDF or XLSX material. */
export function getFileUrl(fileKey: string, signal?: AbortSignal): Promise<FileUrl> {
  return apiRequest<FileUrl>(`/academy/file-url/${encodeURIComponent(fileKey)}`, { signal });
}

/** The URL that saves the file instead of showing it (local storage's `download=1`). */
export function downloadUrlOf(url: string): string {
  // Presigned S3 URLs are signed over their query: they already answer an attachment-safe file.
  if (!url.startsWith('/')) return url;
  return `${url}${url.includes('?') ? '&' : '?'}download=1`;
}

/** True when the URL expires within `marginMs` (a click then asks for a fresh one). */
export function isExpiring(file: FileUrl, now = Date.now(), marginMs = 20_000): boolean {
  const expires = Date.parse(file.expiresAt);
  return !Number.isFinite(expires) || expires - now < marginMs;
}

import path from 'node:path';

/**
 * A file key is a relative path of plain segments (`materiales/presupuesto-mensual.pdf`). Segments
 * may not start with a dot, so `..`, hidden files and absolute paths are not keys at all.
 */
const segment = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

export function isValidFileKey(key: string): boolean {
  if (key.length === 0 || key.length > 300) return false;
  return key.split('/').every((part) => segment.test(part));
}

/**
 * The absolute path of a key under `root`, or null. The prefix check is a second guard behind the
 * syntax check: whatever a key looks like, it never resolves outside the root.
 */
export function resolveFileKey(root: string, key: string): string | null {
  if (!isValidFileKey(key)) return null;
  const base = path.resolve(root);
  const resolved = path.resolve(base, key);
  return resolved.startsWith(base + path.sep) ? resolved : null;
}

/** The downloadable types of the spec: PDF and XLSX only. */
export const materialContentTypes = {
  pdf: 'application/pdf',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;

export type MaterialExtension = keyof typeof materialContentTypes;

export function extensionOf(key: string): string {
  return path.extname(key).slice(1).toLowerCase();
}

export function materialContentType(key: string): string | null {
  const extension = extensionOf(key);
  return Object.hasOwn(materialContentTypes, extension)
    ? materialContentTypes[extension as MaterialExtension]
    : null;
}

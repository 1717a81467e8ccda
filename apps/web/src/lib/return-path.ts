import { readItem, removeItem, writeItem } from './storage';

/**
 * Where a visitor who registers from the shop window comes back to (issue 30): the course or
 * program page she was reading. It travels as the followingPage of register and login, and is
 * also kept in this browser for the validation link, which opens later from her mail. Only a
 * same-origin relative path of the shop window or the academy is ever kept or followed.
 */
const key = 'returnPath';
const maxAgeMs = 7 * 24 * 60 * 60 * 1000;

export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length > 300) return null;
  if (!/^\/(cursos\/[^/?#\\]+|programas\/[^/?#\\]+|academy(\/[^?#\\]*)?)\/?(\?[^#\\]*)?$/.test(value))
    return null;
  return value.includes('//') ? null : value;
}

export function rememberReturnPath(path: string): void {
  if (safeReturnPath(path)) writeItem(key, JSON.stringify({ path, at: Date.now() }));
}

export function forgetReturnPath(): void {
  removeItem(key);
}

/** The kept path, if it is still safe and recent (forgotten once she follows it). */
export function readReturnPath(now = Date.now()): string | null {
  const raw = readItem(key);
  if (!raw) return null;
  try {
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof at !== 'number' || now - at > maxAgeMs) return null;
    return safeReturnPath(path);
  } catch {
    return null;
  }
}

/**
 * Stored covers' names (decision 0118): the files module serves them (serve-media.ts), the back
 * office writes and removes them (admin/content/cover-cleanup.ts).
 */

/** Where covers live in the storage; served unsigned at /media/portadas/{name} (catalogue covers are public). */
export const coverPrefix = 'portadas/';
export const coverNamePattern = /^[0-9a-f]{32}\.(jpg|png|webp)$/;

/** The storage key of a stored cover's address (`/media/portadas/{name}`), or null for any other address. */
export function coverKeyOf(address: string | null | undefined): string | null {
  const prefix = `/media/${coverPrefix}`;
  if (!address?.startsWith(prefix)) return null;
  const name = address.slice(prefix.length);
  return coverNamePattern.test(name) ? `${coverPrefix}${name}` : null;
}

import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config';
import { resolveJwtSecret } from '../../plugins/authentication';

/**
 * Signed addresses of class videos (decision 0102). A class's MP4 or HLS playlist is served only
 * at `/media/s/{expires}.{signature}/{path}`, the address the course endpoint gives to whoever may
 * open the course; the plain `/media/videos/…` and `/media/subidas/videos/…` addresses answer 404.
 *
 * The token sits in the path, not the query, so the relative URIs inside a playlist (its init
 * segment and media segments) resolve under the same token in hls.js and in a native player alike,
 * without rewriting the playlist. A playlist's token covers its own folder (each stream has a
 * folder of its own); an MP4's covers that one file. The key is HMAC-derived from JWT_SECRET
 * with its own label, as the materials' signed URLs (decision 18) derive theirs.
 */

/** Addresses are handed out per hour, so every learner of a course in that hour gets the same one. */
export const mediaUrlBucketSeconds = 3600;
/** How long an address plays after its hour ends: a class and its pauses, not a permanent link. */
export const mediaUrlGraceSeconds = 3 * 3600;

/** What is served signed: shipped demo videos and uploaded ones (MP4, HLS playlists and parts). */
const signedPath = /^\/media\/((?:videos|subidas\/videos)\/[^?#]+)$/;

const keys = new WeakMap<Config, Buffer>();
function keyOf(config: Config): Buffer {
  let key = keys.get(config);
  if (!key) {
    key = createHmac('sha256', resolveJwtSecret(config)).update('media-urls').digest();
    keys.set(config, key);
  }
  return key;
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/') + 1);

/** Folders that hold many videos: a playlist lying loose in one of them is signed alone. */
const sharedFolders = new Set(['videos/', 'subidas/videos/']);

/** What a signature covers: a playlist's own folder (its parts come with it) or one file. */
function scopeOf(path: string): string {
  const folder = folderOf(path);
  return path.endsWith('.m3u8') && !sharedFolders.has(folder) ? `folder:${folder}` : `file:${path}`;
}

function sign(config: Config, scope: string, expires: number): string {
  return createHmac('sha256', keyOf(config)).update(`${scope}\n${expires}`).digest('base64url');
}

/** The current hour's expiry (seconds since the epoch): the end of the hour plus the grace. */
export function mediaUrlExpiry(now = Date.now()): number {
  const bucket = Math.floor(now / 1000 / mediaUrlBucketSeconds);
  return (bucket + 1) * mediaUrlBucketSeconds + mediaUrlGraceSeconds;
}

/**
 * The signed address of a class video; any other address (an external URL, a material's key) is
 * returned as it is.
 */
export function signMediaUrl(config: Config, url: string, expires: number): string {
  const path = signedPath.exec(url)?.[1];
  if (!path) return url;
  return `/media/s/${expires}.${sign(config, scopeOf(path), expires)}/${path}`;
}

export type MediaVerdict = 'valid' | 'invalid' | 'expired';

/**
 * Whether `token` ({expires}.{signature}) lets `path` (e.g. `videos/hls/x/segmento-00.m4s`) be
 * read: signed for the file itself, or for the folder of a playlist the file is in.
 */
export function verifyMediaToken(
  config: Config,
  token: string,
  path: string,
  now = Date.now(),
): MediaVerdict {
  const match = /^(\d{1,12})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return 'invalid';
  const expires = Number(match[1]);
  const given = Buffer.from(match[2] as string);
  const matches = (scope: string) => {
    const expected = Buffer.from(sign(config, scope, expires));
    return expected.length === given.length && timingSafeEqual(expected, given);
  };
  const folder = folderOf(path);
  if (!matches(`file:${path}`) && (sharedFolders.has(folder) || !matches(`folder:${folder}`))) {
    return 'invalid';
  }
  return expires * 1000 < now ? 'expired' : 'valid';
}

import { text } from 'node:stream/consumers';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { courseSections } from '../../db/schema';
import { isMasterPlaylist, segmentsOf, subtitlesPlaylist, withSubtitles } from './hls-ladder';
import { signMediaUrl } from './media-urls';

/**
 * The playlists of one class over an uploaded video's HLS ladder (decision 0175), written per
 * request: the ladder's stored master with the class's uploaded Spanish captions as a subtitles
 * group, and that group's playlist, whose one segment is the captions' own signed address
 * (decision 0157). Both live in the video's folder, so the folder's token (decision 0102) serves
 * them with the renditions; the captions are signed with the same expiry as the request's token,
 * never longer.
 *
 * `subidas/videos/{hex}/clase.{sectionId}.{hash}.m3u8`: the master with subtitles;
 * `subidas/videos/{hex}/subtitulos.{sectionId}.{hash}.m3u8`: the subtitles' playlist.
 * Served only while the section plays that video and `hash` is its captions' current hash.
 */
export const classStreamPath =
  /^subidas\/videos\/([0-9a-f]{32})\/(clase|subtitulos)\.([a-z0-9][a-z0-9-]{0,119})\.([0-9a-f]{16})\.m3u8$/;

const plainName = /^[A-Za-z0-9_-][A-Za-z0-9._-]*$/;

async function readText(app: FastifyInstance, key: string): Promise<string | null> {
  const file = await app.fileStorage.read(key);
  return file ? await text(file.body) : null;
}

/** The master (with subtitles) or the subtitles' playlist of a class; null when not served. */
export async function classStreamPlaylist(
  app: FastifyInstance,
  relative: string,
  expires: number,
): Promise<string | null> {
  const match = classStreamPath.exec(relative);
  if (!match) return null;
  const [, hex, kind, sectionId, hash] = match as unknown as [string, string, string, string, string];
  const [section] = await app.db
    .select({ sectionUrl: courseSections.sectionUrl, seconds: courseSections.durationSeconds })
    .from(courseSections)
    .where(and(eq(courseSections.id, sectionId), eq(courseSections.captionsHash, hash)));
  if (section?.sectionUrl !== `/media/subidas/videos/${hex}.mp4`) return null;
  const folder = `subidas/videos/${hex}/`;
  const master = await readText(app, `${folder}master.m3u8`);
  if (!master || !isMasterPlaylist(master)) return null;
  if (kind === 'clase') return withSubtitles(master, `subtitulos.${sectionId}.${hash}.m3u8`);
  // the subtitles last as long as the renditions (the first one's segments, added up)
  const first = master.split('\n').find((line) => line.trim() && !line.startsWith('#'));
  const rendition =
    first && plainName.test(first.trim()) ? await readText(app, `${folder}${first.trim()}`) : null;
  const seconds = rendition
    ? segmentsOf(rendition).reduce((total, segment) => total + segment.seconds, 0)
    : section.seconds;
  const captions = signMediaUrl(
    app.config,
    `/media/subidas/videos/subtitulos/${sectionId}.${hash}.vtt`,
    expires,
  );
  return subtitlesPlaylist(captions, seconds);
}

import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { videoPackagings } from '../../db/schema';

const uploadedVideoUrl = /^\/media\/(subidas\/videos\/[0-9a-f]{32}\.mp4)$/;

/**
 * The addresses a learner plays instead of uploaded MP4s: for each `/media/subidas/videos/{hex}.mp4`
 * among `sectionUrls` whose HLS packaging is ready (decision 78), its playlist's address. Videos
 * not packaged (no ffmpeg, still packaging, failed) are left out: the MP4 is played.
 */
export async function hlsPlaybackUrls(
  db: Database,
  sectionUrls: (string | null)[],
): Promise<Map<string, string>> {
  const keys = new Map<string, string>();
  for (const url of sectionUrls) {
    const key = url ? uploadedVideoUrl.exec(url)?.[1] : undefined;
    if (url && key) keys.set(key, url);
  }
  const playback = new Map<string, string>();
  if (keys.size === 0) return playback;
  const ready = await db
    .select({ videoKey: videoPackagings.videoKey, playlistKey: videoPackagings.playlistKey })
    .from(videoPackagings)
    .where(and(inArray(videoPackagings.videoKey, [...keys.keys()]), eq(videoPackagings.status, 'ready')));
  for (const { videoKey, playlistKey } of ready) {
    const url = keys.get(videoKey);
    if (url && playlistKey) playback.set(url, `/media/${playlistKey}`);
  }
  return playback;
}

const ladderMaster = /^(\/media\/subidas\/videos\/[0-9a-f]{32}\/)master\.m3u8$/;

/**
 * The playlist a class plays (decision 0175): a ladder's master as it is, or, for a class whose
 * Spanish captions were uploaded (decision 0157), the master written with them as a subtitles
 * group (files/class-stream.ts). A single-rung stream of before the ladder is played as it is.
 */
export function classPlaylistUrl(
  playlistUrl: string,
  section: { id: string; captionsHash: string | null },
): string {
  const folder = ladderMaster.exec(playlistUrl)?.[1];
  if (!folder || !section.captionsHash) return playlistUrl;
  return `${folder}clase.${section.id}.${section.captionsHash}.m3u8`;
}

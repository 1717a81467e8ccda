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

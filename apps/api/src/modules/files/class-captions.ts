import { existsSync } from 'node:fs';
import path from 'node:path';
import { mediaDir } from './media-dir';

/**
 * Where a class's Spanish WebVTT captions live (decision 0156). The shipped demo videos carry theirs
 * beside them: `/media/videos/{name}.mp4` → `/media/videos/{name}.vtt`, and an HLS stream
 * `/media/videos/hls/{name}/index.m3u8` → `/media/videos/hls/{name}/subtitulos.vtt`. The address
 * is given only when the file is shipped (checked once per address), and is signed like the video
 * itself (decision 0102), so a paid class's captions do not leak.
 */
export function shippedCaptionsUrl(videoUrl: string | null): string | null {
  if (!videoUrl) return null;
  const known = shipped.get(videoUrl);
  if (known !== undefined) return known;
  const captions = captionsAddress(videoUrl);
  const found =
    captions && existsSync(path.join(mediaDir, captions.slice('/media/'.length))) ? captions : null;
  shipped.set(videoUrl, found);
  return found;
}

const shipped = new Map<string, string | null>();

/** Where captions uploaded in the back office are served (signed): the section and the file's hash. */
export const uploadedCaptionsPath =
  /^subidas\/videos\/subtitulos\/([a-z0-9][a-z0-9-]{0,119})\.([0-9a-f]{16})\.vtt$/;

/**
 * A class's captions address, unsigned: the ones uploaded for it in the back office (decision 0157),
 * else the ones shipped beside its demo video; null when it has none.
 */
export function classCaptionsUrl(section: {
  id: string;
  sectionUrl: string | null;
  captionsHash: string | null;
}): string | null {
  if (section.captionsHash)
    return `/media/subidas/videos/subtitulos/${section.id}.${section.captionsHash}.vtt`;
  return shippedCaptionsUrl(section.sectionUrl);
}

/** The conventional captions address of a shipped video (not checked on disk). */
export function captionsAddress(videoUrl: string): string | null {
  const hls = /^\/media\/videos\/hls\/([A-Za-z0-9_-]+)\/index\.m3u8$/.exec(videoUrl);
  if (hls) return `/media/videos/hls/${hls[1]}/subtitulos.vtt`;
  const mp4 = /^\/media\/videos\/([A-Za-z0-9_-]+)\.mp4$/.exec(videoUrl);
  if (mp4) return `/media/videos/${mp4[1]}.vtt`;
  return null;
}

/** An HLS stream (a playlist), as opposed to a plain file such as an MP4. */
export const isHlsUrl = (url: string) => /\.m3u8(?:[?#]|$)/i.test(url);

export type PlaybackStrategy = 'native' | 'hls.js' | 'unsupported';

/**
 * How a video address is played: files and streams the browser plays itself go to the <video>
 * element (Safari, and Chromium since it plays HLS natively); HLS elsewhere goes through hls.js
 * over Media Source Extensions, loaded only then. With "Ahorrar datos" an HLS stream goes through
 * hls.js wherever it can, since only hls.js can be held to the lowest rung (a browser's own HLS
 * picks its rung itself; without hls.js the lightest rendition's playlist is played alone:
 * lightestRendition); a file has one rendition, so nothing changes for it.
 */
export function playbackStrategy(
  url: string,
  { nativeHls, mediaSource }: { nativeHls: boolean; mediaSource: boolean },
  saveData = false,
): PlaybackStrategy {
  if (!isHlsUrl(url)) return 'native';
  if (saveData && mediaSource) return 'hls.js';
  if (nativeHls) return 'native';
  return mediaSource ? 'hls.js' : 'unsupported';
}

/** The browser's own answer, read once per player. */
export function browserPlayback(video: HTMLVideoElement) {
  return {
    nativeHls: video.canPlayType('application/vnd.apple.mpegurl') !== '',
    mediaSource: typeof window !== 'undefined' && ('MediaSource' in window || 'ManagedMediaSource' in window),
  };
}

/**
 * "Ahorrar datos" where the browser plays HLS itself and hls.js cannot run (an iPhone without
 * Media Source Extensions): the address of the master playlist's lightest video rendition, played
 * alone instead of the master (decision 0175); null for a media playlist, which has one rendition.
 * The audio-only rendition is left out: a class is watched.
 */
export function lightestRendition(master: string, masterUrl: string, base: string): string | null {
  const lines = master.split('\n').map((line) => line.trim());
  let lightest: { bandwidth: number; uri: string } | null = null;
  lines.forEach((line, i) => {
    if (!line.startsWith('#EXT-X-STREAM-INF:')) return;
    const attributes = line.slice('#EXT-X-STREAM-INF:'.length);
    const bandwidth = Number(/(?:^|,)BANDWIDTH=(\d+)/.exec(attributes)?.[1] ?? Number.NaN);
    const uri = lines.slice(i + 1).find((next) => next && !next.startsWith('#'));
    if (!uri || !/(?:^|,)RESOLUTION=\d+x\d+/.test(attributes) || !(bandwidth > 0)) return;
    if (!lightest || bandwidth < lightest.bandwidth) lightest = { bandwidth, uri };
  });
  if (!lightest) return null;
  const resolved = new URL((lightest as { uri: string }).uri, new URL(masterUrl, base));
  const origin = new URL(base).origin;
  return resolved.origin === origin ? `${resolved.pathname}${resolved.search}` : resolved.href;
}

/**
 * The hls.js level "Ahorrar datos" holds a stream to: the video level with the lowest bitrate
 * (hls.js leaves the audio-only rendition out when there is video).
 */
export function lowestVideoLevel(levels: { bitrate: number; height: number }[]): number {
  let lowest = -1;
  levels.forEach((level, i) => {
    if (level.height > 0 && (lowest < 0 || level.bitrate < (levels[lowest] as { bitrate: number }).bitrate))
      lowest = i;
  });
  return lowest < 0 ? 0 : lowest;
}

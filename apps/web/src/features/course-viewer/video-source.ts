/** An HLS stream (a playlist), as opposed to a plain file such as an MP4. */
export const isHlsUrl = (url: string) => /\.m3u8(?:[?#]|$)/i.test(url);

export type PlaybackStrategy = 'native' | 'hls.js' | 'unsupported';

/**
 * How a video address is played: files and streams the browser plays itself go to the <video>
 * element (Safari, and Chromium since it plays HLS natively); HLS elsewhere goes through hls.js
 * over Media Source Extensions, loaded only then. With "Ahorrar datos" an HLS stream goes through
 * hls.js wherever it can, since only hls.js can be held to the lowest rung (a browser's own HLS
 * picks its rung itself); a file has one rendition, so nothing changes for it.
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

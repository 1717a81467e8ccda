/**
 * Classes kept for the bus (issue 44, decision 0360): what of a class is kept on her device and
 * under which names. A class keeps its audio — the HLS ladder's audio-only rendition, its media
 * playlist and segments, played offline through the service worker — its transcript (the
 * captions' WebVTT) and the materials of its module. A class without an audio rendition (an MP4)
 * keeps its MP4 only when it is light enough: at most 1 MB a minute, the budget of a 10-minute
 * class (10 MB).
 */

/** The Cache Storage cache that holds every kept class (the service worker answers from it). */
export const keptCacheName = 'alcancia-guardadas-v1';
/** The addresses kept files are stored and played under (never a signed address). */
export const keptPrefix = '/sin-conexion/';
/** Bytes a minute a kept class may take: 10 MB for 10 minutes. */
export const bytesPerMinuteBudget = 1_000_000;

export const keptPath = (courseId: string, sectionId: string, file = '') =>
  `${keptPrefix}${encodeURIComponent(courseId)}/${encodeURIComponent(sectionId)}/${file}`;

export interface KeptMaterial {
  sectionId: string;
  name: string;
  mimeType: string;
  /** its address in the kept cache */
  path: string;
  bytes: number;
}

/** What the kept cache says of one class (its `meta.json`). */
export interface KeptClass {
  userId: string;
  courseId: string;
  courseName: string;
  moduleId: string;
  sectionId: string;
  sectionName: string;
  /** seconds */
  duration: number;
  /** the address the player plays: an HLS playlist or an MP4, both in the kept cache */
  audioPath: string;
  audioKind: 'hls' | 'mp4';
  transcriptPath: string | null;
  materials: KeptMaterial[];
  /** everything kept, in bytes */
  bytes: number;
  keptAt: string;
}

const uriLine = (line: string) => line.trim() !== '' && !line.trim().startsWith('#');

/**
 * The audio-only rendition of a master playlist: the variant whose CODECS are all audio (mp4a,
 * ac-3, opus…) and which has no RESOLUTION. Null for a media playlist or a master without one.
 */
export function audioRenditionUri(master: string): string | null {
  const lines = master.split('\n').map((line) => line.trim());
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!line.startsWith('#EXT-X-STREAM-INF:')) continue;
    const attributes = line.slice('#EXT-X-STREAM-INF:'.length);
    if (/(?:^|,)RESOLUTION=/.test(attributes)) continue;
    const codecs = /(?:^|,)CODECS="([^"]*)"/.exec(attributes)?.[1];
    if (!codecs) continue;
    const allAudio = codecs
      .split(',')
      .every((codec) => /^(mp4a|ac-3|ec-3|opus|flac|mp3)/i.test(codec.trim()));
    const uri = lines.slice(i + 1).find(uriLine);
    if (allAudio && uri) return uri;
  }
  return null;
}

export interface MediaPlaylistFiles {
  /** the EXT-X-MAP initialization segment, if any */
  init: string | null;
  segments: string[];
}

/** The files a media playlist names: its initialization segment and its segments, in order. */
export function mediaPlaylistFiles(playlist: string): MediaPlaylistFiles {
  const lines = playlist.split('\n').map((line) => line.trim());
  const map = lines.find((line) => line.startsWith('#EXT-X-MAP:'));
  const init = map ? (/URI="([^"]+)"/.exec(map)?.[1] ?? null) : null;
  return { init, segments: lines.filter(uriLine) };
}

/**
 * The media playlist as kept: every file it names becomes `name(i)` (the kept copies beside it),
 * and tags that would reach outside the cache (keys, other renditions) are refused: a kept
 * playlist plays only what was kept.
 */
export function keptMediaPlaylist(playlist: string, name: (file: string, i: number) => string): string {
  const { init, segments } = mediaPlaylistFiles(playlist);
  let index = 0;
  return playlist
    .split('\n')
    .map((raw) => {
      const line = raw.trim();
      if (line.startsWith('#EXT-X-KEY:') && !/METHOD=NONE/.test(line)) throw new Error('encrypted playlist');
      if (line.startsWith('#EXT-X-MAP:') && init)
        return line.replace(`URI="${init}"`, `URI="${name(init, -1)}"`);
      if (uriLine(line)) {
        const kept = name(segments[index] as string, index);
        index++;
        return kept;
      }
      return raw;
    })
    .join('\n');
}

/** Whether an MP4 of `bytes` for a class of `seconds` fits the budget (1 MB a minute). */
export function mp4FitsBudget(bytes: number, seconds: number): boolean {
  return bytes <= Math.max(seconds, 60) * (bytesPerMinuteBudget / 60);
}

/** "3,8 MB", "420 KB": a size in Spanish (decimal units, es-AR digits). */
export function formatBytes(bytes: number): string {
  if (bytes >= 1_000_000)
    return `${(bytes / 1_000_000).toLocaleString('es-AR', { maximumFractionDigits: 1 })} MB`;
  return `${Math.max(1, Math.round(bytes / 1000)).toLocaleString('es-AR')} KB`;
}

export const isHls = (url: string) => /\.m3u8(?:[?#]|$)/i.test(url);

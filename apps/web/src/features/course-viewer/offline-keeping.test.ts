import { describe, expect, it } from 'vitest';
import {
  audioRenditionUri,
  formatBytes,
  keptMediaPlaylist,
  keptPath,
  mediaPlaylistFiles,
  mp4FitsBudget,
} from './offline-keeping';

// the demo's ladder (apps/api/media/videos/hls/clase-tarjeta/index.m3u8)
const master = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-INDEPENDENT-SEGMENTS
#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Español",DEFAULT=YES,AUTOSELECT=YES,URI="subtitulos.m3u8"
#EXT-X-STREAM-INF:BANDWIDTH=89691,AVERAGE-BANDWIDTH=88438,RESOLUTION=640x360,CODECS="avc1.42c01e,mp4a.40.2",SUBTITLES="subs"
360p.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=128000,AVERAGE-BANDWIDTH=126303,RESOLUTION=1280x720,CODECS="avc1.42c01f,mp4a.40.2",SUBTITLES="subs"
720p.m3u8
#EXT-X-STREAM-INF:BANDWIDTH=50532,AVERAGE-BANDWIDTH=50241,CODECS="mp4a.40.2",SUBTITLES="subs"
audio.m3u8
`;

const audio = `#EXTM3U
#EXT-X-VERSION:7
#EXT-X-TARGETDURATION:6
#EXT-X-PLAYLIST-TYPE:VOD
#EXT-X-MAP:URI="audio-inicio.mp4"
#EXTINF:6.013968,
audio-00.m4s
#EXTINF:5.990748,
audio-01.m4s
#EXT-X-ENDLIST
`;

describe('what a kept class keeps', () => {
  it('finds the audio-only rendition of a ladder, and none where every variant has video', () => {
    expect(audioRenditionUri(master)).toBe('audio.m3u8');
    expect(
      audioRenditionUri(master.replace(/#EXT-X-STREAM-INF:BANDWIDTH=50532[^\n]*\naudio.m3u8\n/, '')),
    ).toBeNull();
    expect(audioRenditionUri(audio)).toBeNull();
  });

  it('lists a media playlist’s files and rewrites them to the kept names', () => {
    expect(mediaPlaylistFiles(audio)).toEqual({
      init: 'audio-inicio.mp4',
      segments: ['audio-00.m4s', 'audio-01.m4s'],
    });
    const kept = keptMediaPlaylist(audio, (_file, i) => (i < 0 ? 'inicio' : `parte-${i}`));
    expect(kept).toContain('#EXT-X-MAP:URI="inicio"');
    expect(kept.split('\n').filter((l) => l && !l.startsWith('#'))).toEqual(['parte-0', 'parte-1']);
    expect(() => keptMediaPlaylist(`${audio}#EXT-X-KEY:METHOD=AES-128,URI="k"\n`, (f) => f)).toThrow();
  });

  it('keeps an MP4 only within 1 MB a minute, and names sizes in Spanish', () => {
    expect(mp4FitsBudget(9_900_000, 600)).toBe(true);
    expect(mp4FitsBudget(10_100_000, 600)).toBe(false);
    // a short class still gets a minute's budget
    expect(mp4FitsBudget(900_000, 30)).toBe(true);
    expect(formatBytes(3_780_000)).toBe('3,8 MB');
    expect(formatBytes(189_313)).toBe('189 KB');
    expect(keptPath('tarjeta de crédito', 's1', 'meta.json')).toBe(
      '/sin-conexion/tarjeta%20de%20cr%C3%A9dito/s1/meta.json',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { isHlsUrl, lightestRendition, lowestVideoLevel, playbackStrategy } from './video-source';

describe('video playback', () => {
  it('recognises HLS playlists', () => {
    expect(isHlsUrl('/media/videos/hls/clase-tarjeta/index.m3u8')).toBe(true);
    expect(isHlsUrl('https://cdn.example.com/a/index.M3U8?token=1')).toBe(true);
    expect(isHlsUrl('/media/videos/bienvenida.mp4')).toBe(false);
  });

  it('plays files and native HLS in the element, other HLS through hls.js', () => {
    const mp4 = '/media/videos/bienvenida.mp4';
    const hls = '/media/videos/hls/clase-tarjeta/index.m3u8';
    expect(playbackStrategy(mp4, { nativeHls: false, mediaSource: false })).toBe('native');
    expect(playbackStrategy(hls, { nativeHls: true, mediaSource: true })).toBe('native');
    expect(playbackStrategy(hls, { nativeHls: false, mediaSource: true })).toBe('hls.js');
    expect(playbackStrategy(hls, { nativeHls: false, mediaSource: false })).toBe('unsupported');
  });

  it('with "Ahorrar datos" plays HLS through hls.js (held to the lowest rung) where it can', () => {
    const mp4 = '/media/videos/bienvenida.mp4';
    const hls = '/media/videos/hls/clase-tarjeta/index.m3u8';
    expect(playbackStrategy(hls, { nativeHls: true, mediaSource: true }, true)).toBe('hls.js');
    expect(playbackStrategy(hls, { nativeHls: true, mediaSource: false }, true)).toBe('native');
    expect(playbackStrategy(mp4, { nativeHls: true, mediaSource: true }, true)).toBe('native');
  });
});

describe('"Ahorrar datos" on a ladder (decision 0175)', () => {
  const master = [
    '#EXTM3U',
    '#EXT-X-VERSION:3',
    '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subs",LANGUAGE="es",NAME="Español",DEFAULT=YES,AUTOSELECT=YES,URI="subtitulos.m3u8"',
    '#EXT-X-STREAM-INF:BANDWIDTH=2400000,AVERAGE-BANDWIDTH=90000,RESOLUTION=1280x720,CODECS="avc1.4d401f,mp4a.40.2",SUBTITLES="subs"',
    '720p.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=700000,AVERAGE-BANDWIDTH=2900000,RESOLUTION=640x360,CODECS="avc1.4d401e,mp4a.40.2",SUBTITLES="subs"',
    '360p.m3u8',
    '#EXT-X-STREAM-INF:BANDWIDTH=70000,CODECS="mp4a.40.2",SUBTITLES="subs"',
    'audio.m3u8',
    '',
  ].join('\n');
  const base = 'https://alcancia.example/academy/curso/clase';

  it('a browser’s own HLS is given the lightest video rendition’s playlist, under the same token', () => {
    const url = '/media/s/123.abc/subidas/videos/0123/master.m3u8';
    expect(lightestRendition(master, url, base)).toBe('/media/s/123.abc/subidas/videos/0123/360p.m3u8');
    // a media playlist (one rendition) has nothing to pick
    expect(lightestRendition('#EXTM3U\n#EXTINF:6,\nsegment-00000.ts\n', url, base)).toBeNull();
    // only audio: nothing to watch, the master plays
    expect(lightestRendition('#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\naudio.m3u8\n', url, base)).toBeNull();
  });

  it('hls.js is held to the video level with the lowest bitrate', () => {
    expect(
      lowestVideoLevel([
        { bitrate: 700_000, height: 360 },
        { bitrate: 2_400_000, height: 720 },
      ]),
    ).toBe(0);
    expect(
      lowestVideoLevel([
        { bitrate: 70_000, height: 0 },
        { bitrate: 2_400_000, height: 720 },
        { bitrate: 700_000, height: 360 },
      ]),
    ).toBe(2);
    expect(lowestVideoLevel([])).toBe(0);
  });
});

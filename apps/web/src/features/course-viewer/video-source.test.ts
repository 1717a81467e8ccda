import { describe, expect, it } from 'vitest';
import { isHlsUrl, playbackStrategy } from './video-source';

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

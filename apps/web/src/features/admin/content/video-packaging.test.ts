import { describe, expect, it } from 'vitest';
import {
  packagingInProgress,
  packagingLabels,
  packagingMayBeRequested,
  uploadedVideoName,
} from './video-packaging';

describe('the HLS state beside an uploaded video', () => {
  it('knows an uploaded video by its address, and nothing else', () => {
    const hex = '0123456789abcdef0123456789abcdef';
    expect(uploadedVideoName(`/media/subidas/videos/${hex}.mp4`)).toBe(`${hex}.mp4`);
    expect(uploadedVideoName('/media/videos/demo.mp4')).toBeNull();
    expect(uploadedVideoName(`/media/subidas/videos/${hex}/index.m3u8`)).toBeNull();
    expect(uploadedVideoName(`subidas/materiales/${hex}.pdf`)).toBeNull();
    expect(uploadedVideoName(null)).toBeNull();
  });

  it('asks again only while it is queued or packaging; offers the button when never done or failed', () => {
    expect(packagingInProgress('queued')).toBe(true);
    expect(packagingInProgress('packaging')).toBe(true);
    for (const state of ['ready', 'failed', 'none', 'unavailable', undefined] as const) {
      expect(packagingInProgress(state)).toBe(false);
    }
    expect(packagingMayBeRequested('failed')).toBe(true);
    expect(packagingMayBeRequested('none')).toBe(true);
    expect(packagingMayBeRequested('unavailable')).toBe(false);
    expect(packagingMayBeRequested('ready')).toBe(false);
    expect(packagingLabels.ready).toBe('HLS listo');
    expect(packagingLabels.unavailable).toMatch(/MP4/);
  });
});

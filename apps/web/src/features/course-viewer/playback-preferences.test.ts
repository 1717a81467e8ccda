import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubStorage } from '../../test/browser-stubs';
import {
  rateLabel,
  readPlaybackRate,
  readSaveData,
  writePlaybackRate,
  writeSaveData,
} from './playback-preferences';

describe('playback preferences', () => {
  beforeEach(() => {
    stubStorage();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('remembers the speed, 1× by default and for anything not offered', () => {
    expect(readPlaybackRate()).toBe(1);
    writePlaybackRate(1.5);
    expect(readPlaybackRate()).toBe(1.5);
    localStorage.setItem('alcancia.playbackRate', '16');
    expect(readPlaybackRate()).toBe(1);
  });

  it('remembers "Ahorrar datos", off by default', () => {
    expect(readSaveData()).toBe(false);
    writeSaveData(true);
    expect(readSaveData()).toBe(true);
    writeSaveData(false);
    expect(readSaveData()).toBe(false);
  });

  it('labels speeds with a decimal comma', () => {
    expect(rateLabel(0.75)).toBe('0,75×');
    expect(rateLabel(2)).toBe('2×');
  });
});

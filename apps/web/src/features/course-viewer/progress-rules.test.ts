import type { CourseProgress } from '@alcancia/contract';
import { describe, expect, it } from 'vitest';
import {
  hasUnsavedPosition,
  leftSaveWindow,
  mergeSavedProgress,
  progressPercent,
  resumePosition,
  saveIntervalMs,
  saveWindowSeconds,
} from './progress-rules';

describe('progress saving rules', () => {
  it('uses the spec constants', () => {
    expect(saveWindowSeconds).toBe(180);
    expect(saveIntervalMs).toBe(180_000);
  });

  it('saves when the position leaves the 180 s window around the last saved point, either way', () => {
    expect(leftSaveWindow(179.9, 0)).toBe(false);
    expect(leftSaveWindow(180, 0)).toBe(true);
    expect(leftSaveWindow(400, 250)).toBe(false);
    expect(leftSaveWindow(430, 250)).toBe(true);
    // A seek backwards far enough counts too.
    expect(leftSaveWindow(10, 250)).toBe(true);
  });

  it('writes on the interval, on leaving and on unload only when the position moved', () => {
    expect(hasUnsavedPosition(0, null)).toBe(false);
    expect(hasUnsavedPosition(3.2, null)).toBe(true);
    expect(hasUnsavedPosition(42.9, 42)).toBe(false);
    expect(hasUnsavedPosition(43.1, 42)).toBe(true);
    expect(hasUnsavedPosition(12, 42)).toBe(true);
  });

  it('shows the integer part of seconds*100/duration', () => {
    expect(progressPercent(0, 180)).toBe(0);
    expect(progressPercent(1, 180)).toBe(0);
    expect(progressPercent(2, 180)).toBe(1);
    expect(progressPercent(179, 180)).toBe(99);
    expect(progressPercent(180, 180)).toBe(100);
    expect(progressPercent(33, 99)).toBe(33);
    expect(progressPercent(500, 180)).toBe(100);
    expect(progressPercent(10, 0)).toBe(0);
  });

  it('resumes at the saved point unless the class was finished or nothing would be left', () => {
    expect(resumePosition(null, 30)).toBe(0);
    expect(resumePosition({ viewed_seconds: 12, complete_fraction: 0.06 }, 30)).toBe(12);
    expect(resumePosition({ viewed_seconds: 12, complete_fraction: 0.06 }, Number.NaN)).toBe(12);
    expect(resumePosition({ viewed_seconds: 180, complete_fraction: 1 }, 200)).toBe(0);
    expect(resumePosition({ viewed_seconds: 29, complete_fraction: 0.5 }, 30)).toBe(0);
  });

  it('writes a save into the cached progress without ever lowering it', () => {
    const before: CourseProgress = {
      in_progress_modules: { m1: { sections: { a: { viewed_seconds: 50, complete_fraction: 0.5 } } } },
      finished_modules: {},
      last_viewed_section: 'a',
      finished_at: null,
    };
    const late = mergeSavedProgress(
      before,
      'm1',
      { sectionId: 'a', viewed_seconds: 20, complete_fraction: 0.2, finished_at: null },
      () => false,
    );
    expect(late.in_progress_modules.m1?.sections.a).toEqual({ viewed_seconds: 50, complete_fraction: 0.5 });

    const done = mergeSavedProgress(
      before,
      'm1',
      { sectionId: 'b', viewed_seconds: 0, complete_fraction: 1, finished_at: '2026-11-22T10:00:00.000Z' },
      (sections) => Object.values(sections).every((s) => s.complete_fraction >= 1),
    );
    expect(done.last_viewed_section).toBe('b');
    expect(done.finished_at).toBe('2026-11-22T10:00:00.000Z');
    expect(done.finished_modules).toEqual({});
    const all = mergeSavedProgress(
      done,
      'm1',
      { sectionId: 'a', viewed_seconds: 100, complete_fraction: 1, finished_at: null },
      (sections) => Object.values(sections).every((s) => s.complete_fraction >= 1),
    );
    expect(all.finished_modules).toEqual({ m1: true });
    expect(all.finished_at).toBe('2026-11-22T10:00:00.000Z');
    expect(
      mergeSavedProgress(
        undefined,
        'm9',
        { sectionId: 'z', viewed_seconds: 3, complete_fraction: 0.1, finished_at: null },
        () => false,
      ),
    ).toMatchObject({
      in_progress_modules: { m9: { sections: { z: { viewed_seconds: 3 } } } },
      last_viewed_section: 'z',
    });
  });
});

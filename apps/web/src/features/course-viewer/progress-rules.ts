import type { CourseProgress } from '@alcancia/contract';

/** Spec §9: a position more than 180 s away from the last saved point is saved at once… */
export const saveWindowSeconds = 180;
/** …and whatever was watched is saved every 180 000 ms anyway. */
export const saveIntervalMs = 180_000;

/** True when the playback position left the window around the last saved point (either way). */
export function leftSaveWindow(position: number, lastSaved: number): boolean {
  return Math.abs(position - lastSaved) >= saveWindowSeconds;
}

/**
 * Whether a periodic, closing or unloading save has anything to write: the position moved since
 * the last save. The server keeps the highest value, so an unchanged position is a wasted write
 * on the hottest path.
 */
export function hasUnsavedPosition(position: number, lastSaved: number | null): boolean {
  return lastSaved === null ? position > 0 : Math.floor(position) !== Math.floor(lastSaved);
}

/** Spec §9: the integer part of seconds*100/duration, kept within 0–100. */
export function progressPercent(seconds: number, duration: number): number {
  if (!(duration > 0) || !(seconds > 0)) return 0;
  return Math.min(100, Math.trunc((seconds * 100) / duration));
}

export interface SectionProgress {
  viewed_seconds: number;
  complete_fraction: number;
}

export function sectionProgress(
  progress: CourseProgress | null | undefined,
  moduleId: string,
  sectionId: string,
): SectionProgress | null {
  return progress?.in_progress_modules[moduleId]?.sections[sectionId] ?? null;
}

export const isComplete = (section: SectionProgress | null | undefined) =>
  (section?.complete_fraction ?? 0) >= 1;

/**
 * Where a class starts playing: the saved position, unless the class was finished (it starts
 * over) or the saved point is at the very end of the media (nothing would be left to watch).
 * `mediaDuration` is the video's own length once known.
 */
export function resumePosition(saved: SectionProgress | null | undefined, mediaDuration: number): number {
  if (!saved || isComplete(saved)) return 0;
  const seconds = saved.viewed_seconds;
  if (!(seconds > 0)) return 0;
  if (Number.isFinite(mediaDuration) && mediaDuration > 0 && seconds >= mediaDuration - 2) return 0;
  return seconds;
}

/** The answer of POST /academy/progress written into the cached course progress. */
export function mergeSavedProgress(
  progress: CourseProgress | undefined,
  moduleId: string,
  saved: { sectionId: string; viewed_seconds: number; complete_fraction: number; finished_at: string | null },
  isModuleFinished: (sections: Record<string, SectionProgress>) => boolean,
): CourseProgress {
  const base: CourseProgress = progress ?? {
    in_progress_modules: {},
    finished_modules: {},
    last_viewed_section: null,
    finished_at: null,
  };
  const previous = base.in_progress_modules[moduleId]?.sections ?? {};
  const old = previous[saved.sectionId];
  const sections = {
    ...previous,
    [saved.sectionId]: {
      // The server never lowers a value; neither does the cache.
      viewed_seconds: Math.max(old?.viewed_seconds ?? 0, saved.viewed_seconds),
      complete_fraction: Math.max(old?.complete_fraction ?? 0, saved.complete_fraction),
    },
  };
  const finishedModules = { ...base.finished_modules };
  if (isModuleFinished(sections)) finishedModules[moduleId] = true;
  return {
    in_progress_modules: { ...base.in_progress_modules, [moduleId]: { sections } },
    finished_modules: finishedModules,
    last_viewed_section: saved.sectionId,
    finished_at: base.finished_at ?? saved.finished_at,
  };
}

import type { Course, CourseModule, Section } from '@alcancia/contract';
import { useEffect, useRef, useState } from 'react';
import { type EventProperties, track } from '../../lib/analytics';
import { Alert } from '../../ui/feedback';
import {
  hasUnsavedPosition,
  isComplete,
  leftSaveWindow,
  progressPercent,
  resumePosition,
  type SectionProgress,
  saveIntervalMs,
} from './progress-rules';
import { useSaveProgress } from './save-progress';
import { browserPlayback, playbackStrategy } from './video-source';

const playbackError = 'No pudimos reproducir esta clase. Revisá tu conexión e intentá nuevamente.';

/**
 * The class video: the browser's own player (keyboard accessible, native controls) fed with the
 * MP4 or the HLS stream, hls.js only where the browser cannot play HLS. It resumes at the saved
 * point, sends the section events and saves the progress (spec §4):
 * - when the position leaves the 180 s window around the last saved point (playing or seeking);
 * - every 180 000 ms, if the position moved;
 * - on leaving the class (another section, another page) and on page unload / hide, with a
 *   request that survives the page;
 * - at the end, as fully watched.
 */
export default function VideoPlayer({
  course,
  module,
  section,
  saved,
}: {
  course: Course;
  module: CourseModule;
  section: Section;
  saved: SectionProgress | null;
}) {
  const url = section.section_url ?? '';
  const video = useRef<HTMLVideoElement>(null);
  const save = useSaveProgress(course);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The saved progress as it was when the class was opened; later saves must not move playback.
  const initial = useRef(saved);
  const [watched, setWatched] = useState(saved?.viewed_seconds ?? 0);

  const state = useRef({
    /** last point the server has (or is being sent); null: nothing known yet */
    lastSaved: saved ? (isComplete(saved) ? 0 : saved.viewed_seconds) : (null as number | null),
    position: 0,
    started: false,
    closed: false,
  });

  // Latest values for listeners registered once.
  const latest = useRef({ save, course, module, section, url });
  latest.current = { save, course, module, section, url };

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const s = state.current;
    const props = (): EventProperties => {
      const { course: c, module: m, section: x } = latest.current;
      return {
        courseId: c.id,
        courseName: c.name,
        moduleId: m.id,
        sectionId: x.id,
        sectionName: x.name,
        position: Math.floor(s.position),
        duration: x.duration,
      };
    };
    const write = (seconds: number, unloading = false) => {
      const { save: send, module: m, section: x } = latest.current;
      const previous = s.lastSaved;
      s.lastSaved = seconds;
      void send({ moduleId: m.id, sectionId: x.id, seconds }, { unloading }).then((answer) => {
        // A failed write is tried again at the next occasion.
        if (!answer && !unloading && s.lastSaved === seconds) s.lastSaved = previous;
      });
    };
    const saveIfMoved = (unloading = false) => {
      if (hasUnsavedPosition(s.position, s.lastSaved)) write(s.position, unloading);
    };

    const onLoadedMetadata = () => {
      if (s.started) return;
      s.started = true;
      const resume = resumePosition(initial.current, element.duration);
      if (resume > 0) {
        element.currentTime = resume;
        s.position = resume;
        s.lastSaved = resume;
        track('academy_course_section_continue', props());
      } else {
        track('academy_course_section_start', props());
      }
    };
    const onTimeUpdate = () => {
      s.position = element.currentTime;
      setWatched((w) => Math.max(w, Math.floor(element.currentTime)));
      if (leftSaveWindow(s.position, s.lastSaved ?? 0)) write(s.position);
    };
    const onPlay = () => track('academy_course_section_resume', props());
    const onPause = () => {
      // Browsers pause right before "ended": that one is a completion, not a pause.
      if (!element.ended) track('academy_course_section_pause', props());
    };
    const onEnded = () => {
      // Watched to the end: the class counts whole, whatever the file's own length.
      const { section: x } = latest.current;
      s.position = Math.max(element.currentTime, x.duration);
      setWatched(x.duration);
      write(x.duration);
      track('academy_course_section_complete', props());
    };
    const onError = () => {
      setFailed(true);
      track('academy_videoPlayer_error', {
        ...props(),
        videoUrl: latest.current.url,
        browser: navigator.userAgent,
        errorCode: element.error?.code ?? null,
        errorMessage: element.error?.message ?? null,
      });
    };
    const close = () => {
      if (s.closed || !s.started) return;
      s.closed = true;
      track('academy_course_section_close', props());
    };
    const onPageHide = () => {
      saveIfMoved(true);
      close();
    };
    const onVisibility = () => {
      // Mobile browsers may never fire an unload: a hidden page may be a closed one.
      if (document.visibilityState === 'hidden') saveIfMoved(true);
    };
    const timer = window.setInterval(() => saveIfMoved(), saveIntervalMs);

    element.addEventListener('loadedmetadata', onLoadedMetadata);
    element.addEventListener('timeupdate', onTimeUpdate);
    element.addEventListener('play', onPlay);
    element.addEventListener('pause', onPause);
    element.addEventListener('ended', onEnded);
    element.addEventListener('error', onError);
    window.addEventListener('pagehide', onPageHide);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      element.removeEventListener('loadedmetadata', onLoadedMetadata);
      element.removeEventListener('timeupdate', onTimeUpdate);
      element.removeEventListener('play', onPlay);
      element.removeEventListener('pause', onPause);
      element.removeEventListener('ended', onEnded);
      element.removeEventListener('error', onError);
      window.removeEventListener('pagehide', onPageHide);
      document.removeEventListener('visibilitychange', onVisibility);
      // Leaving the class (another section, another page of the app): save and say so.
      if (!s.closed) saveIfMoved();
      close();
    };
  }, []);

  // The source: the element itself, or hls.js attached to it.
  useEffect(() => {
    const element = video.current;
    if (!element || !url) return;
    let cancelled = false;
    let destroy: (() => void) | null = null;
    const strategy = playbackStrategy(url, browserPlayback(element));
    const report = (detail: string) => {
      if (cancelled) return;
      setFailed(true);
      track('academy_videoPlayer_error', {
        courseId: course.id,
        sectionId: section.id,
        videoUrl: url,
        position: Math.floor(element.currentTime),
        browser: navigator.userAgent,
        errorMessage: detail,
      });
    };
    if (strategy === 'native') {
      element.src = url;
      if (attempt > 0) element.load();
    } else if (strategy === 'unsupported') {
      report('HLS no soportado');
    } else {
      import('hls.js/light')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return report('HLS no soportado');
          const hls = new Hls();
          hls.on(Hls.Events.ERROR, (_event, data) => {
            if (data.fatal) report(`${data.type}: ${data.details}`);
          });
          hls.loadSource(url);
          hls.attachMedia(element);
          destroy = () => hls.destroy();
        })
        .catch(() => report('No se pudo cargar el reproductor HLS'));
    }
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [url, attempt, course.id, section.id]);

  const percent = progressPercent(Math.max(watched, initial.current?.viewed_seconds ?? 0), section.duration);
  const complete = isComplete(initial.current) || percent >= 100;
  return (
    <div className="cv-video">
      <div className="cv-video-frame">
        {/* biome-ignore lint/a11y/useMediaCaption: the demo classes ship no caption files yet */}
        <video
          ref={video}
          className="cv-video-element"
          controls
          playsInline
          preload="metadata"
          aria-label={`Video de la clase: ${section.name}`}
        />
      </div>
      {failed && (
        <div className="cv-video-error">
          <Alert tone="error">
            <p>{playbackError}</p>
          </Alert>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            Reintentar
          </button>
        </div>
      )}
      <p className="cv-progress">
        {complete ? (
          <>
            <span className="cv-progress-done" aria-hidden="true">
              ✓
            </span>{' '}
            Clase completada
          </>
        ) : (
          <>Viste el {percent} % de esta clase</>
        )}
      </p>
    </div>
  );
}

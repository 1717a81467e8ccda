import type { Course, CourseModule, Section } from '@alcancia/contract';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { type EventProperties, track } from '../../lib/analytics';
import { ClassNotesPanel } from '../../shared/class-notes/class-notes-panel';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { ClassDetails } from './class-details';
import { neighbours } from './course-navigation';
import { NextClassCountdown } from './next-class-countdown';
import {
  type PlaybackRate,
  playbackRates,
  rateLabel,
  readPlaybackRate,
  readSaveData,
  writePlaybackRate,
  writeSaveData,
} from './playback-preferences';
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
import { TranscriptPanel } from './transcript-panel';
import { useStartAt } from './use-start-at';
import {
  browserPlayback,
  isHlsUrl,
  lightestRendition,
  lowestVideoLevel,
  playbackStrategy,
} from './video-source';
import { type Cue, parseVtt } from './vtt';

// "Guardar sin conexión" (issue 44): its own chunk, after the player (the viewer's first load is unchanged)
const KeepOffline = lazy(() => import('./keep-offline'));

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
 * Around it (issue 30, decision 0156): Spanish captions (a <track>) and their transcript, the speed
 * and "Ahorrar datos" (both remembered on the device), the next class's countdown after the end,
 * and the course's description and the module's materials below.
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
  const startAt = useStartAt(video, (seconds) => {
    if (video.current) video.current.currentTime = seconds;
    setTime(seconds);
  });
  const save = useSaveProgress(course);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  // The saved progress as it was when the class was opened; later saves must not move playback.
  const initial = useRef(saved);
  const [watched, setWatched] = useState(saved?.viewed_seconds ?? 0);
  const [time, setTime] = useState(0);
  const [rate, setRate] = useState<PlaybackRate>(readPlaybackRate);
  const [saveData, setSaveData] = useState(readSaveData);
  const [countingDown, setCountingDown] = useState(false);
  const [cues, setCues] = useState<Cue[] | null>(null);
  const [capabilities] = useState(() => browserPlayback(document.createElement('video')));
  const strategy = playbackStrategy(url, capabilities, saveData);
  // "Ahorrar datos" (decision 0175): hls.js held to the lowest video rung; a browser's own HLS is
  // given that rung's playlist alone; a file has one rendition and is left alone
  const lowestRung = strategy === 'hls.js' && saveData;
  const nativeLightest = strategy === 'native' && saveData && isHlsUrl(url);
  const { next } = neighbours(course, section.id);
  const captionsUrl = section.captions_url;
  const rateId = useId();
  const saveDataHintId = useId();

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

  // biome-ignore lint/correctness/useExhaustiveDependencies: listeners registered once; startAt is a ref read when the metadata loads
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
      // a moment asked by the address (?t=: a citation, a note) wins over the saved point
      const resume = startAt.current ?? resumePosition(initial.current, element.duration);
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
      setTime(element.currentTime);
      setWatched((w) => Math.max(w, Math.floor(element.currentTime)));
      if (leftSaveWindow(s.position, s.lastSaved ?? 0)) write(s.position);
    };
    const onPlay = () => {
      // Playing again after the end: she stays on this class.
      setCountingDown(false);
      track('academy_course_section_resume', props());
    };
    const onSeeked = () => {
      setTime(element.currentTime);
      // Going back into the class after its end: she stays.
      if (!element.ended) setCountingDown(false);
    };
    const onRateChange = () => {
      // the browser's own menu chose a speed we offer: remember it as if picked here
      const chosen = playbackRates.find((r) => r === element.playbackRate);
      if (chosen && chosen !== readPlaybackRate()) {
        writePlaybackRate(chosen);
        setRate(chosen);
      }
    };
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
      setCountingDown(true);
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
    element.addEventListener('seeked', onSeeked);
    element.addEventListener('ratechange', onRateChange);
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
      element.removeEventListener('seeked', onSeeked);
      element.removeEventListener('ratechange', onRateChange);
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
    // Switching "Ahorrar datos" reloads the stream: it goes on where it was.
    const resumeAt = state.current.started ? element.currentTime : 0;
    if (resumeAt > 0) {
      element.addEventListener('loadedmetadata', () => (element.currentTime = resumeAt), { once: true });
    }
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
    if (nativeLightest) {
      // the master's lightest video rendition, or the master itself when it has none to pick
      fetch(url)
        .then((res) => (res.ok ? res.text() : null))
        .catch(() => null)
        .then((master) => {
          if (cancelled) return;
          element.src = (master && lightestRendition(master, url, window.location.href)) || url;
          if (attempt > 0) element.load();
        });
    } else if (strategy === 'native') {
      element.src = url;
      if (attempt > 0) element.load();
    } else if (strategy === 'unsupported') {
      report('HLS no soportado');
    } else {
      import('hls.js/light')
        .then(({ default: Hls }) => {
          if (cancelled) return;
          if (!Hls.isSupported()) return report('HLS no soportado');
          // "Ahorrar datos": start at the lowest video rung and never climb above it.
          const hls = new Hls(lowestRung ? { startLevel: 0 } : {});
          if (lowestRung) {
            hls.autoLevelCapping = 0;
            hls.on(Hls.Events.MANIFEST_PARSED, (_event, data) => {
              const lowest = lowestVideoLevel(data.levels);
              hls.autoLevelCapping = lowest;
              hls.startLevel = lowest;
            });
          }
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
  }, [url, attempt, course.id, section.id, strategy, lowestRung, nativeLightest]);

  // The speed: kept across loads (defaultPlaybackRate) and classes (stored).
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    element.defaultPlaybackRate = rate;
    element.playbackRate = rate;
  }, [rate]);

  // The transcript reads the same file as the captions track.
  useEffect(() => {
    if (!captionsUrl) return;
    let cancelled = false;
    fetch(captionsUrl)
      .then((res) => (res.ok ? res.text() : null))
      .then((text) => {
        if (!cancelled) setCues(text === null ? [] : (parseVtt(text) ?? []));
      })
      .catch(() => {
        if (!cancelled) setCues([]);
      });
    return () => {
      cancelled = true;
    };
  }, [captionsUrl]);

  const seek = (seconds: number) => {
    const element = video.current;
    if (!element) return;
    element.currentTime = seconds;
    setTime(seconds);
  };

  const percent = progressPercent(Math.max(watched, initial.current?.viewed_seconds ?? 0), section.duration);
  const complete = isComplete(initial.current) || percent >= 100;
  return (
    <div className="cv-video">
      <div className="cv-video-frame">
        {/* biome-ignore lint/a11y/useMediaCaption: a class without a captions file has no track to give */}
        <video
          ref={video}
          className="cv-video-element"
          controls
          playsInline
          preload="metadata"
          aria-label={`Video de la clase: ${section.name}`}
        >
          {captionsUrl && <track kind="captions" srcLang="es" label="Español" src={captionsUrl} default />}
        </video>
      </div>
      {failed && (
        <div className="cv-video-error">
          <Banner tone="danger">
            <p>{playbackError}</p>
          </Banner>
          <Button
            variant="secondary"
            onClick={() => {
              setFailed(false);
              setAttempt((n) => n + 1);
            }}
          >
            Reintentar
          </Button>
        </div>
      )}
      {countingDown && next && (
        <NextClassCountdown courseId={course.id} next={next} onStay={() => setCountingDown(false)} />
      )}
      <div className="cv-controls">
        <div className="cv-control">
          <label htmlFor={rateId}>Velocidad</label>
          <select
            id={rateId}
            className="cv-control-select"
            value={rate}
            onChange={(event) => {
              const chosen = playbackRates.find((r) => r === Number(event.target.value)) ?? 1;
              writePlaybackRate(chosen);
              setRate(chosen);
            }}
          >
            {playbackRates.map((r) => (
              <option key={r} value={r}>
                {rateLabel(r)}
              </option>
            ))}
          </select>
        </div>
        <div className="cv-control">
          <label className="cv-control-check">
            <input
              type="checkbox"
              checked={saveData}
              aria-describedby={saveDataHintId}
              onChange={(event) => {
                writeSaveData(event.target.checked);
                setSaveData(event.target.checked);
              }}
            />{' '}
            Ahorrar datos
          </label>
          <p id={saveDataHintId} className="cv-control-hint">
            {isHlsUrl(url)
              ? 'Usa la calidad más liviana de la clase.'
              : 'Esta clase tiene una sola calidad: se ve igual.'}
          </p>
        </div>
      </div>
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
      <Suspense fallback={<div className="cv-keep" />}>
        <KeepOffline course={course} module={module} section={section} />
      </Suspense>
      {captionsUrl && (cues === null || cues.length > 0) && (
        <TranscriptPanel cues={cues} currentTime={time} onSeek={seek} />
      )}
      <ClassNotesPanel courseId={course.id} sectionId={section.id} currentTime={time} onSeek={seek} />
      <ClassDetails course={course} module={module} />
    </div>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { readItem, writeItem } from '../../lib/storage';
import { Banner } from '../../ui/banner';
import { type KeptClass, keptCacheName } from './offline-keeping';
import { flushProgress, queueProgress } from './offline-progress-queue';
import { TranscriptPanel } from './transcript-panel';
import { type Cue, parseVtt } from './vtt';

/** Seconds of listening between two queued points of progress. */
const progressEvery = 15;
const positionKey = (kept: KeptClass) => `alcancia-guardada-posicion:${kept.courseId}/${kept.sectionId}`;

/**
 * A kept class played from the device (issue 44): its audio (the kept HLS audio rendition through
 * the service worker, hls.js where the browser has no HLS of its own; or the kept MP4), its
 * transcript, its materials. Her progress is queued with a key per point and sent when online
 * (offline-progress-queue.ts); where she stopped is remembered on the device.
 */
export function OfflinePlayer({ kept, userId }: { kept: KeptClass; userId: string }) {
  const audio = useRef<HTMLAudioElement>(null);
  const [cues, setCues] = useState<Cue[] | null>(kept.transcriptPath ? null : []);
  const [time, setTime] = useState(0);
  const [failed, setFailed] = useState<string | null>(null);
  const lastQueued = useRef(0);
  const headingId = useId();

  useEffect(() => {
    if (!kept.transcriptPath) return;
    let cancelled = false;
    caches
      .match(kept.transcriptPath, { cacheName: keptCacheName })
      .then((response) => response?.text() ?? null)
      .then((text) => !cancelled && setCues(text === null ? [] : (parseVtt(text) ?? [])))
      .catch(() => !cancelled && setCues([]));
    return () => {
      cancelled = true;
    };
  }, [kept.transcriptPath]);

  useEffect(() => {
    const element = audio.current;
    if (!element) return;
    let cleanup = () => {};
    let cancelled = false;
    const resume = () => {
      const saved = Number(readItem(positionKey(kept)) ?? 0);
      if (saved > 0 && saved < kept.duration - 2) element.currentTime = saved;
    };
    element.addEventListener('loadedmetadata', resume, { once: true });
    if (kept.audioKind === 'mp4') {
      // the MP4 straight from the cache: plays without the service worker too
      void caches.match(kept.audioPath, { cacheName: keptCacheName }).then(async (response) => {
        if (cancelled) return;
        if (!response)
          return setFailed('No encontramos el audio de esta clase en el teléfono. Volvé a guardarla.');
        const url = URL.createObjectURL(await response.blob());
        element.src = url;
        cleanup = () => URL.revokeObjectURL(url);
      });
    } else if (!navigator.serviceWorker?.controller) {
      setFailed('Para escuchar tus clases guardadas, abrí Alcancía una vez más con conexión.');
    } else if (!('MediaSource' in window || 'ManagedMediaSource' in window)) {
      // no Media Source Extensions (an older iPhone): the browser's own HLS
      element.src = kept.audioPath;
    } else {
      // hls.js where it can run: its requests reach the service worker, a browser's own HLS may not
      void import('hls.js/light').then(({ default: Hls }) => {
        if (cancelled) return;
        if (!Hls.isSupported()) return setFailed('Este navegador no puede reproducir clases guardadas.');
        const hls = new Hls();
        hls.on(Hls.Events.ERROR, (_event, data) => {
          if (data.fatal) setFailed('No pudimos reproducir el audio guardado. Volvé a guardar la clase.');
        });
        hls.loadSource(kept.audioPath);
        hls.attachMedia(element);
        cleanup = () => hls.destroy();
      });
    }
    return () => {
      cancelled = true;
      element.removeEventListener('loadedmetadata', resume);
      cleanup();
    };
  }, [kept]);

  const record = (seconds: number) => {
    if (!(seconds > 0)) return;
    lastQueued.current = seconds;
    writeItem(positionKey(kept), String(Math.floor(seconds)));
    queueProgress(userId, {
      courseId: kept.courseId,
      moduleId: kept.moduleId,
      sectionId: kept.sectionId,
      seconds,
    });
    if (navigator.onLine) void flushProgress(userId).catch(() => undefined);
  };

  return (
    <section className="kept-player" aria-labelledby={headingId}>
      <h2 id={headingId} className="cv-below-title">
        {kept.sectionName}
      </h2>
      <p className="cv-keep-text">{kept.courseName}</p>
      {/* biome-ignore lint/a11y/useMediaCaption: the transcript below is the class's captions, readable and searchable */}
      <audio
        ref={audio}
        controls
        preload="metadata"
        aria-label={`Audio de la clase: ${kept.sectionName}`}
        onTimeUpdate={(event) => {
          const now = event.currentTarget.currentTime;
          setTime(now);
          if (Math.abs(now - lastQueued.current) >= progressEvery) record(now);
        }}
        onPause={(event) => record(event.currentTarget.currentTime)}
        onEnded={(event) => record(event.currentTarget.duration || kept.duration)}
      />
      {failed && (
        <Banner tone="danger">
          <p>{failed}</p>
        </Banner>
      )}
      {(cues === null || cues.length > 0) && (
        <TranscriptPanel
          cues={cues}
          currentTime={time}
          onSeek={(seconds) => {
            if (audio.current) audio.current.currentTime = seconds;
            setTime(seconds);
          }}
        />
      )}
      {kept.materials.length > 0 && (
        <>
          <h3 className="cv-below-title">Materiales</h3>
          <ul>
            {kept.materials.map((m) => (
              <li key={m.sectionId}>
                <a href={m.path} download={m.name}>
                  {m.name}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

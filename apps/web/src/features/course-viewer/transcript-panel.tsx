import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Field, FieldBox, FieldLabel, fieldInputClass } from '../../ui/field-parts';
import { type Cue, cueIndexAt, formatCueTime, searchCues } from './vtt';

/**
 * The class's transcript (decision 0156): the caption lines, searchable, each a button that takes
 * the video to its time; the line playing is marked (aria-current) and kept in view inside the
 * panel without scrolling the page. While the captions file is still on its way (`cues` null) the
 * panel already takes its place, the list's box at its final height, so nothing below it moves when
 * the lines arrive (a late panel pushed the class's details and the course's contents down).
 */
export function TranscriptPanel({
  cues,
  currentTime,
  onSeek,
}: {
  cues: Cue[] | null;
  currentTime: number;
  onSeek(seconds: number): void;
}) {
  const [query, setQuery] = useState('');
  const shown = useMemo(() => (cues ? searchCues(cues, query) : []), [cues, query]);
  const current = cues ? (cues[cueIndexAt(cues, currentTime)] ?? null) : null;
  const list = useRef<HTMLOListElement>(null);
  const searchId = useId();
  const headingId = useId();

  // Keep the current line in view within the list (not the page: she may be reading below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the current line changes
  useEffect(() => {
    const box = list.current;
    const line = box?.querySelector<HTMLElement>('[aria-current="true"]');
    if (!box || !line) return;
    const top = line.offsetTop - box.offsetTop;
    if (top < box.scrollTop || top + line.offsetHeight > box.scrollTop + box.clientHeight) {
      box.scrollTop = Math.max(0, top - box.clientHeight / 3);
    }
  }, [current]);

  return (
    <section className="cv-transcript" aria-labelledby={headingId}>
      <h2 id={headingId} className="cv-below-title">
        Transcripción
      </h2>
      <Field className="cv-transcript-search">
        <FieldLabel htmlFor={searchId}>Buscar en la transcripción</FieldLabel>
        <FieldBox>
          <input
            id={searchId}
            className={fieldInputClass()}
            type="search"
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
        </FieldBox>
      </Field>
      <p className="cv-transcript-count" aria-live="polite">
        {query.trim() === ''
          ? ''
          : shown.length === 0
            ? 'Ninguna línea coincide con tu búsqueda.'
            : shown.length === 1
              ? '1 línea coincide.'
              : `${shown.length} líneas coinciden.`}
      </p>
      {cues === null && (
        <p className="cv-transcript-lines cv-transcript-loading" role="status">
          Cargando la transcripción…
        </p>
      )}
      {shown.length > 0 && (
        <ol ref={list} className="cv-transcript-lines" aria-label="Líneas de la transcripción">
          {shown.map((cue) => (
            <li key={`${cue.start}-${cue.text}`}>
              <button
                type="button"
                className="cv-transcript-line"
                aria-current={cue === current ? 'true' : undefined}
                onClick={() => onSeek(cue.start)}
              >
                <span className="cv-transcript-time">{formatCueTime(cue.start)}</span>
                <span>{cue.text}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}

import type { AdminSection } from '@alcancia/contract/admin';
import { maxCaptionsBytes } from '@alcancia/contract/admin';
import { useId, useState } from 'react';
import { FieldError } from '../../../ui/field-parts';
import type { CourseRun } from './content-api';

/** What the editor checks before sending a captions file (the API checks the same). */
export function captionsFileProblem(text: string, bytes: number): string | null {
  if (bytes > maxCaptionsBytes) return 'El archivo de subtítulos supera los 500 KB.';
  if (!/^\uFEFF?WEBVTT(?:[ \t][^\n]*)?(?:\r?\n|\r|$)/.test(text)) {
    return 'El archivo no es WebVTT: tiene que empezar con «WEBVTT».';
  }
  return null;
}

/**
 * A class's own Spanish captions (decision 0157): upload (or replace) its WebVTT file, or remove
 * it. The file is read here and sent as text; a wrong file is named at once, in Spanish.
 */
export function CaptionsControl({
  section,
  run,
  busy,
}: {
  section: AdminSection;
  run: CourseRun;
  busy: boolean;
}) {
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const path = `/sections/${encodeURIComponent(section.id)}/captions`;

  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const text = file.size > maxCaptionsBytes ? '' : await file.text();
    const found = captionsFileProblem(text, file.size);
    if (found) return setProblem(found);
    run({ method: 'PUT', path, body: { vtt: text } }, 'Subtítulos cargados.');
  };

  return (
    <span className="content-captions">
      <span className="admin-muted">
        {section.hasCaptions ? ' · Con subtítulos' : ' · Sin subtítulos propios'}
      </span>{' '}
      {/* the input first, hidden: its label is the button, and shows its focus (content.css) */}
      <input
        id={inputId}
        type="file"
        accept=".vtt,text/vtt"
        className="visually-hidden"
        disabled={busy}
        onChange={(event) => {
          void choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <label htmlFor={inputId} className="admin-small-button">
        {section.hasCaptions ? 'Cambiar subtítulos' : 'Subir subtítulos'}
        <span className="visually-hidden"> (VTT) de {section.name}</span>
      </label>
      {section.hasCaptions && (
        <button
          type="button"
          className="admin-small-button"
          disabled={busy}
          aria-label={`Quitar los subtítulos de ${section.name}`}
          onClick={() => run({ method: 'DELETE', path }, 'Subtítulos quitados.')}
        >
          Quitar subtítulos
        </button>
      )}
      {problem && (
        <FieldError as="span" role="alert">
          {problem}
        </FieldError>
      )}
    </span>
  );
}

import type { AdminSection } from '@alcancia/contract/admin';
import { maxCaptionsBytes } from '@alcancia/contract/admin';
import { useState } from 'react';
import { Button } from '../../../ui/button';
import { FieldError } from '../../../ui/field-parts';
import { FileButton } from '../../../ui/file-button';
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
      <FileButton accept=".vtt,text/vtt" size="compact" disabled={busy} onFile={(file) => void choose(file)}>
        {section.hasCaptions ? 'Cambiar subtítulos' : 'Subir subtítulos'}
        <span className="visually-hidden"> (VTT) de {section.name}</span>
      </FileButton>
      {section.hasCaptions && (
        <Button
          variant="secondary"
          size="compact"
          disabled={busy}
          aria-label={`Quitar los subtítulos de ${section.name}`}
          onClick={() => run({ method: 'DELETE', path }, 'Subtítulos quitados.')}
        >
          Quitar subtítulos
        </Button>
      )}
      {problem && (
        <FieldError as="span" role="alert">
          {problem}
        </FieldError>
      )}
    </span>
  );
}

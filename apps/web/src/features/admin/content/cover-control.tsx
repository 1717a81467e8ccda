import {
  type AdminCourse,
  coverImageTypes,
  coverTooLarge,
  coverWrongType,
  maxCoverBytes,
} from '@alcancia/contract/admin';
import { useState } from 'react';
import { FieldError } from '../../../ui/field-parts';
import { FileButton } from '../../../ui/file-button';
import type { CourseRun } from './content-api';

/** What the editor checks before sending a cover (the API checks the same, on the bytes). */
export function coverFileProblem(file: { type: string; size: number }): string | null {
  if (!(coverImageTypes as readonly string[]).includes(file.type)) return coverWrongType;
  if (file.size > maxCoverBytes) return coverTooLarge;
  return null;
}

/** The file's bytes in base64 (what PUT …/cover takes). */
const base64Of = (file: File) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsDataURL(file);
  });

/**
 * A content's cover (issue 29, decision 0118): the current image and a button to upload (or
 * replace) it — a JPEG, PNG or WebP of up to 2 MB. It is saved at once, apart from «Datos».
 */
export function CoverControl({ course, run, busy }: { course: AdminCourse; run: CourseRun; busy: boolean }) {
  const [problem, setProblem] = useState<string | null>(null);
  const choose = async (file: File | undefined) => {
    setProblem(null);
    if (!file) return;
    const found = coverFileProblem(file);
    if (found) return setProblem(found);
    run({ method: 'PUT', path: '/cover', body: { image: await base64Of(file) } }, 'Portada cargada.');
  };
  return (
    <section className="admin-panel admin-stack" aria-labelledby="cover-title">
      <h2 id="cover-title">Portada</h2>
      <p className="admin-muted">La imagen de la tarjeta en el catálogo: JPEG, PNG o WebP de hasta 2 MB.</p>
      {course.thumbnail ? (
        <img className="content-cover-preview" src={course.thumbnail} alt="Portada actual" />
      ) : (
        <p>Todavía no tiene portada.</p>
      )}
      <div>
        <FileButton
          accept={coverImageTypes.join(',')}
          size="compact"
          disabled={busy}
          onFile={(file) => void choose(file)}
        >
          {course.thumbnail ? 'Cambiar la portada' : 'Subir la portada'}
        </FileButton>
      </div>
      {problem && <FieldError role="alert">{problem}</FieldError>}
    </section>
  );
}

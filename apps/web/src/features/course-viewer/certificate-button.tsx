import type { Course, CourseProgress } from '@alcancia/contract';
import { useState } from 'react';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import { Alert } from '../../ui/feedback';
import { isCertificateAvailable } from './certificate-rules';
import { downloadCertificate } from './download-certificate';

/**
 * "Descargar certificado" (spec §4): shown when the course is finished, or when its last section is
 * not a class and every class is complete (certificate-rules.ts). Downloads `{curso}_certificado.png`; a failure shows the error and is tracked.
 */
export function CertificateButton({
  course,
  progress,
}: {
  course: Course;
  progress: CourseProgress | undefined;
}) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  if (!isCertificateAvailable(course, progress)) return null;

  async function download() {
    setStatus('busy');
    setError(null);
    try {
      await downloadCertificate(course);
      setStatus('done');
    } catch (problem) {
      const message =
        problem instanceof Error && problem.message
          ? problem.message
          : 'No pudimos descargar tu certificado. Intentá nuevamente.';
      setError(message);
      setStatus('idle');
      track('academy_certificate_download_error', {
        courseId: course.id,
        internalCode: problem instanceof ApiError ? problem.internalCode : 'UNEXPECTED_ERROR',
        message,
      });
    }
  }

  return (
    <div className="cv-certificate">
      <p className="cv-certificate-text">
        {progress?.finished_at
          ? '¡Terminaste el curso! Tu certificado está listo.'
          : '¡Completaste todas las clases! Tu certificado está listo.'}
      </p>
      <button
        type="button"
        className="button button-primary button-block"
        onClick={download}
        disabled={status === 'busy'}
        aria-busy={status === 'busy' || undefined}
      >
        {status === 'busy' ? 'Descargando certificado…' : 'Descargar certificado'}
      </button>
      <div aria-live="polite">
        {status === 'done' && <p className="cv-certificate-done">Listo: descargamos tu certificado.</p>}
      </div>
      {error && (
        <Alert tone="error" title="No pudimos descargar tu certificado">
          <p>{error}</p>
        </Alert>
      )}
    </div>
  );
}

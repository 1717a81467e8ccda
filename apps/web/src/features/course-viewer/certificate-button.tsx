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
  const certificate = useCertificateDownload(course);
  if (!isCertificateAvailable(course, progress)) return null;

  return (
    <div className="cv-certificate">
      <p className="cv-certificate-text">
        {progress?.finished_at
          ? '¡Terminaste el curso! Tu certificado está listo.'
          : '¡Completaste todas las clases! Tu certificado está listo.'}
      </p>
      <CertificateDownloadButton certificate={certificate} className="button button-primary button-block" />
      <div aria-live="polite">
        {certificate.status === 'done' && <p className="cv-certificate-done">{downloadedNote}</p>}
      </div>
      <CertificateDownloadError certificate={certificate} />
    </div>
  );
}

const downloadedNote = 'Listo: descargamos tu certificado.';

type CertificateDownload = ReturnType<typeof useCertificateDownload>;

/**
 * Downloading the course's certificate: busy while it is made, done after; a failure keeps its
 * message (in Spanish) and is tracked. `onDone` hears the note to read out once downloaded.
 */
export function useCertificateDownload(course: Course, onDone?: (note: string) => void) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);

  async function download() {
    setStatus('busy');
    setError(null);
    try {
      await downloadCertificate(course);
      setStatus('done');
      onDone?.(downloadedNote);
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

  return { status, error, download };
}

/** "Descargar certificado", busy while it downloads. */
export function CertificateDownloadButton({
  certificate,
  className,
}: {
  certificate: CertificateDownload;
  className: string;
}) {
  const busy = certificate.status === 'busy';
  return (
    <button
      type="button"
      className={className}
      onClick={certificate.download}
      disabled={busy}
      aria-busy={busy || undefined}
    >
      {busy ? 'Descargando certificado…' : 'Descargar certificado'}
    </button>
  );
}

/** Why the download failed, if it did. */
export function CertificateDownloadError({ certificate }: { certificate: CertificateDownload }) {
  if (!certificate.error) return null;
  return (
    <Alert tone="error" title="No pudimos descargar tu certificado">
      <p>{certificate.error}</p>
    </Alert>
  );
}

import type { Course, CourseProgress, CurrentUser } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { track } from '../../lib/analytics';
import { ApiError, apiRequest } from '../../lib/api-client';
import { accountKeys, useCurrentUser } from '../../shared/account/account-queries';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { fullNameError, isCertificateAvailable, needsFullName } from './certificate-rules';
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
      <CertificateDownloadButton certificate={certificate} block />
      <CertificateNameQuestion certificate={certificate} />
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
 * When her profile holds one word for a name, she is first asked for her full name (once): the
 * certificate carries the name her profile has when it is first made.
 */
export function useCertificateDownload(course: Course, onDone?: (note: string) => void) {
  const [status, setStatus] = useState<'idle' | 'busy' | 'done'>('idle');
  const [error, setError] = useState<string | null>(null);
  const [askingName, setAskingName] = useState(false);
  const [asked, setAsked] = useState(false);
  const user = useCurrentUser();
  const queryClient = useQueryClient();

  async function download() {
    if (!asked && needsFullName(user.data?.name)) {
      setAskingName(true);
      return;
    }
    await fetchCertificate();
  }

  /** Saves the full name she typed on her profile, then downloads. Throws the API's error. */
  async function saveNameAndDownload(name: string) {
    const updated = await apiRequest<CurrentUser>('/users/me', { method: 'PATCH', body: { name } });
    queryClient.setQueryData(accountKeys.currentUser, updated);
    setAskingName(false);
    setAsked(true);
    await fetchCertificate();
  }

  /** She keeps the name she has: no question again on this page. */
  async function keepName() {
    setAskingName(false);
    setAsked(true);
    await fetchCertificate();
  }

  async function fetchCertificate() {
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

  return {
    status,
    error,
    download,
    askingName,
    currentName: user.data?.name ?? '',
    saveNameAndDownload,
    keepName,
  };
}

/**
 * "¿Cómo querés que figure tu nombre?": asked before the first certificate when her profile has
 * only a first name. Saving puts the full name on her profile (Mi cuenta shows it) and downloads.
 */
export function CertificateNameQuestion({ certificate }: { certificate: CertificateDownload }) {
  const [typed, setTyped] = useState(certificate.currentName);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const { askingName, currentName } = certificate;
  useEffect(() => {
    if (!askingName) return;
    setTyped(currentName);
    input.current?.focus();
  }, [askingName, currentName]);
  if (!certificate.askingName) return null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const problem = fullNameError(typed);
    setError(problem);
    if (problem) return;
    setSaving(true);
    try {
      await certificate.saveNameAndDownload(typed.trim().replace(/\s+/g, ' '));
    } catch (failure) {
      setError(
        failure instanceof ApiError ? failure.message : 'No pudimos guardar tu nombre. Intentá nuevamente.',
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="cv-certificate-name" onSubmit={submit} noValidate>
      <TextField
        ref={input}
        label="Tu nombre completo, como querés que figure en el certificado"
        hint="Lo guardamos en tu perfil; podés cambiarlo en Mi cuenta."
        autoComplete="name"
        value={typed}
        maxLength={100}
        error={error}
        onChange={(event) => setTyped(event.target.value)}
      />
      <div className="cv-certificate-name-actions">
        <Button type="submit" loading={saving}>
          Guardar y descargar
        </Button>
        <Button variant="ghost" onClick={certificate.keepName} disabled={saving}>
          Descargar como «{certificate.currentName.trim()}»
        </Button>
      </div>
    </form>
  );
}

/** "Descargar certificado", busy while it downloads. */
export function CertificateDownloadButton({
  certificate,
  block,
}: {
  certificate: CertificateDownload;
  /** the width of its column (under the lesson) */
  block?: boolean;
}) {
  const busy = certificate.status === 'busy';
  return (
    <Button block={block} onClick={certificate.download} disabled={busy} aria-busy={busy || undefined}>
      {busy ? 'Descargando certificado…' : 'Descargar certificado'}
    </Button>
  );
}

/** Why the download failed, if it did. */
export function CertificateDownloadError({ certificate }: { certificate: CertificateDownload }) {
  if (!certificate.error) return null;
  return (
    <Banner tone="danger" title="No pudimos descargar tu certificado">
      <p>{certificate.error}</p>
    </Banner>
  );
}

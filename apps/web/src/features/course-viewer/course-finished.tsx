import type { Course } from '@alcancia/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { courseCardTarget } from '../../shared/catalogue/card-rules';
import { progressOf, useProgressOverview, useQuickCourses } from '../../shared/catalogue/catalog-api';
import { Button } from '../../ui/button';
import { Icon } from '../../ui/icons';
import {
  CertificateDownloadButton,
  CertificateDownloadError,
  CertificateNameQuestion,
  useCertificateDownload,
} from './certificate-button';
import { nextCourses, shareData } from './finish-rules';

/**
 * The moment she finishes a course (issue 20): across the whole viewer, "¡Terminaste el curso!"
 * with the certificate download, share (the Web Share API, or the address copied) and 2–3
 * courses to learn next. Its heading takes the focus, so it is read out as it appears.
 */
export function CourseFinished({ course, onClose }: { course: Course; onClose(): void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [note, setNote] = useState('');
  useEffect(() => {
    heading.current?.focus();
  }, []);

  return (
    <section className="cv-finished" aria-labelledby="cv-finished-title">
      <div className="cv-finished-main">
        <span className="cv-finished-badge" aria-hidden="true">
          <Icon name="check" size={32} />
        </span>
        <h2 id="cv-finished-title" className="cv-finished-title" ref={heading} tabIndex={-1}>
          ¡Terminaste el curso!
        </h2>
        <p className="cv-finished-text">
          Completaste <strong>{course.name}</strong>. Tu certificado ya está listo para descargar y compartir.
        </p>
        <div className="cv-finished-actions">
          <CertificateDownload course={course} onDone={setNote} />
          <ShareButton course={course} onDone={setNote} />
          <Button variant="link" onClick={onClose}>
            Volver a la clase
          </Button>
        </div>
        <p className="cv-finished-status" aria-live="polite">
          {note}
        </p>
      </div>
      <NextCourses course={course} />
    </section>
  );
}

function CertificateDownload({ course, onDone }: { course: Course; onDone(note: string): void }) {
  const certificate = useCertificateDownload(course, onDone);
  return (
    <>
      <CertificateDownloadButton certificate={certificate} />
      <CertificateNameQuestion certificate={certificate} />
      <CertificateDownloadError certificate={certificate} />
    </>
  );
}

function ShareButton({ course, onDone: setNote }: { course: Course; onDone(note: string): void }) {
  async function share() {
    const data = shareData(course, window.location.origin);
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share(data);
        return;
      } catch (problem) {
        // she closed the share sheet: nothing to say
        if (problem instanceof DOMException && problem.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(data.url);
      setNote('Copiamos el enlace del curso: pegalo donde quieras compartirlo.');
    } catch {
      setNote(`Copiá este enlace para compartirlo: ${data.url}`);
    }
  }
  return (
    <Button variant="secondary" onClick={share}>
      Compartir
    </Button>
  );
}

function NextCourses({ course }: { course: Course }) {
  const catalogue = useQuickCourses({});
  const overview = useProgressOverview();
  const suggestions = catalogue.data
    ? nextCourses(catalogue.data.items, { id: course.id, category: course.category }, overview.data)
    : [];
  if (suggestions.length === 0) return null;
  return (
    <div className="cv-finished-next">
      <h3 className="cv-finished-next-title">Qué aprender después</h3>
      <ul className="cv-finished-next-list">
        {suggestions.map((next) => (
          <li key={next.id}>
            <Link
              to={courseCardTarget(next, progressOf(overview.data, next.id)).to}
              className="cv-finished-next-link"
            >
              <span className="cv-finished-next-name">{next.name}</span>
              <span className="cv-finished-next-meta">
                {next.classesAmount} {next.classesAmount === 1 ? 'clase' : 'clases'}
                {!next.isAccessibleByUser && ' · con suscripción'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

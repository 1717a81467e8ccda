import type { Course, CourseProgress } from '@alcancia/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { Dialog } from '../../ui/dialog';
import { ProgressBar } from '../../ui/progress-bar';
import { CertificateButton } from './certificate-button';
import { isCertificateAvailable } from './certificate-rules';
import { findSection, sectionPath } from './course-navigation';
import { overviewFacts } from './course-overview-rules';
import { formatDuration, spokenDuration } from './format-duration';
import { ModuleAccordion } from './module-accordion';

/**
 * /academy/{courseId}: the course overview (accounts spec §2 route table): its presentation, how
 * far she got and the one action that fits (Comenzar, Continuar, Repasar), the modules with their
 * classes and her progress in the side panel, and the certificate in a modal once earned. While
 * access is checked (`disabled`) it shows the outline with nothing to open.
 */
export function CourseOverview({
  course,
  progress,
  disabled,
}: {
  course: Course;
  progress: CourseProgress | undefined;
  disabled: boolean;
}) {
  usePageTitle(course.name);
  const [certificateOpen, setCertificateOpen] = useState(false);
  const facts = overviewFacts(course, progress);
  const back = course.isProgram
    ? { to: '/programas', label: 'Volver a Programas y Packs' }
    : { to: '/academy', label: 'Volver a la Academia' };
  const paragraphs = (course.long_description || course.description)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const openModuleOf = facts.action ? findSection(course, facts.action.sectionId)?.module.id : undefined;
  const certificate = !disabled && isCertificateAvailable(course, progress);

  return (
    <div className="cv-layout">
      <div className="cv-main">
        <header className="cv-header">
          <Link to={back.to} className="cv-back">
            <span aria-hidden="true">←</span> {back.label}
          </Link>
          <h1 className="cv-title cv-overview-title">{course.name}</h1>
        </header>
        <section className="cv-overview" aria-label="Presentación del curso">
          {course.thumbnail && (
            <img className="cv-overview-cover" src={course.thumbnail} alt="" width={640} height={360} />
          )}
          <div className="cv-overview-body">
            {paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            <ul className="cv-overview-facts">
              <li>
                {facts.classes} {facts.classes === 1 ? 'clase' : 'clases'}
              </li>
              {facts.materials > 0 && (
                <li>
                  {facts.materials}{' '}
                  {facts.materials === 1 ? 'material descargable' : 'materiales descargables'}
                </li>
              )}
              <li>
                <span aria-hidden="true">{formatDuration(facts.totalSeconds)}</span>
                <span className="visually-hidden">{spokenDuration(facts.totalSeconds)}</span> de video
              </li>
            </ul>
            {facts.percent > 0 && (
              <ProgressBar value={facts.percent} label={`Tu progreso en ${course.name}`} />
            )}
            {facts.action ? (
              disabled ? (
                <span className="button button-primary" aria-disabled="true">
                  {facts.action.label}
                </span>
              ) : (
                <Link to={sectionPath(course.id, facts.action.sectionId)} className="button button-primary">
                  {facts.action.label}
                </Link>
              )
            ) : (
              <p>Este curso todavía no tiene clases. Volvé pronto.</p>
            )}
          </div>
        </section>
      </div>
      <aside className="cv-aside" aria-label="Contenido del curso">
        <ModuleAccordion
          course={course}
          progress={progress}
          currentSectionId={null}
          initiallyOpenModuleId={openModuleOf ?? null}
          disabled={disabled}
        />
        {certificate && (
          <div className="cv-certificate">
            <p className="cv-certificate-text">¡Tu certificado está listo!</p>
            <button
              type="button"
              className="button button-primary button-block"
              onClick={() => setCertificateOpen(true)}
            >
              Ver mi certificado
            </button>
          </div>
        )}
      </aside>
      <Dialog open={certificateOpen} onClose={() => setCertificateOpen(false)} title="Tu certificado">
        <div className="dialog-body">
          <CertificateButton course={course} progress={progress} />
        </div>
      </Dialog>
    </div>
  );
}

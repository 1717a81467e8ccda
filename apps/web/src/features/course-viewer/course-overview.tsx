import type { Course, CourseProgress, SubscriptionPlan } from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { track } from '../../lib/analytics';
import { apiRequest } from '../../lib/api-client';
import { formatMoney } from '../../lib/format';
import { academyPath, programsPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useAcademyFilters } from '../../shared/catalogue/catalog-api';
import { Button, ButtonLink, buttonClass } from '../../ui/button';
import { Dialog, DialogBody } from '../../ui/dialog';
import { Icon } from '../../ui/icons';
import { ProgressBar } from '../../ui/progress-bar';
import { CertificateButton } from './certificate-button';
import { isCertificateAvailable } from './certificate-rules';
import { CourseCover } from './course-cover';
import { findSection, sortedModules } from './course-navigation';
import {
  type CallToAction,
  callToAction,
  learningOutcomes,
  lowestMonthlyPrice,
  overviewFacts,
} from './course-overview-rules';
import { formatDuration, spokenDuration } from './format-duration';
import { ModuleAccordion } from './module-accordion';

/** The plans (the same call and cache as the plan list), only for the price "Ver planes" quotes. */
function usePlanPrice(enabled: boolean): number | null {
  const plans = useQuery({
    queryKey: ['subscriptions', 'plans', null],
    queryFn: ({ signal }) =>
      apiRequest<SubscriptionPlan[]>('/users/subscriptions', { query: { promoCode: null }, signal }),
    staleTime: 5 * 60 * 1000,
    enabled,
  });
  return lowestMonthlyPrice(plans.data);
}

/**
 * /academy/{courseId}: the course page (accounts spec §2 route table, issue 20): its cover, what
 * it is about and what she will learn, level and length, who teaches, her progress and the one
 * action that fits her (Comenzar, Continuar, Repasar; Ver planes with the price, or Comprar, when
 * she may not open it: `locked`); the modules with each class's length in the side panel, and the
 * certificate in a modal once earned. While access is checked (`disabled`) nothing opens.
 */
export function CourseOverview({
  course,
  progress,
  disabled,
  locked = false,
}: {
  course: Course;
  progress: CourseProgress | undefined;
  disabled: boolean;
  locked?: boolean;
}) {
  usePageTitle(course.name);
  const [certificateOpen, setCertificateOpen] = useState(false);
  const monthlyPrice = usePlanPrice(locked && !course.isProgram);
  const filters = useAcademyFilters();
  const facts = overviewFacts(course, progress);
  const action = callToAction(course, progress, { locked, monthlyPrice });
  const outcomes = learningOutcomes(course);
  const level = filters.data?.customFilters.level.find((l) => l.value === course.level)?.label;
  const back = course.isProgram
    ? { to: programsPath, label: 'Volver a Programas y Packs' }
    : { to: academyPath, label: 'Volver a la Academia' };
  const paragraphs = (course.long_description || course.description)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  // The module she is in opens; on a locked course the first one, to show what it holds.
  const openModuleOf = locked
    ? sortedModules(course)[0]?.id
    : facts.action
      ? findSection(course, facts.action.sectionId)?.module.id
      : undefined;
  const certificate = !disabled && !locked && isCertificateAvailable(course, progress);

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
          <CourseCover course={course} />
          <div className="cv-overview-body">
            <ul className="cv-overview-facts">
              {level && (
                <li>
                  <span className="cv-fact-label">Nivel:</span> {level}
                </li>
              )}
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
            {paragraphs.map((text) => (
              <p key={text}>{text}</p>
            ))}
            {!locked && facts.percent > 0 && (
              <ProgressBar value={facts.percent} label={`Tu progreso en ${course.name}`} />
            )}
            <Action course={course} action={action} disabled={disabled} />
          </div>
        </section>
        {outcomes.length > 0 && (
          <section className="cv-overview-block" aria-labelledby="cv-aprender">
            <h2 id="cv-aprender" className="cv-overview-heading">
              Lo que vas a aprender
            </h2>
            <ul className="cv-outcomes">
              {outcomes.map((outcome) => (
                <li key={outcome}>
                  <Icon name="check" size={20} />
                  <span>{outcome}</span>
                </li>
              ))}
            </ul>
          </section>
        )}
        <section className="cv-overview-block" aria-labelledby="cv-docentes">
          <h2 id="cv-docentes" className="cv-overview-heading">
            Quién enseña
          </h2>
          <div className="cv-teacher">
            <span className="cv-teacher-mark" aria-hidden="true">
              {course.teacher?.name.trim().charAt(0).toUpperCase() || 'A'}
            </span>
            {course.teacher ? (
              <p>
                <strong>{course.teacher.name}.</strong> {course.teacher.bio}
              </p>
            ) : (
              <p>
                <strong>Equipo docente de Alcancía.</strong> Especialistas en finanzas personales que enseñan
                con ejemplos de la Argentina de hoy.
              </p>
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
          disabled={disabled || locked}
        />
        {certificate && (
          <div className="cv-certificate">
            <p className="cv-certificate-text">¡Tu certificado está listo!</p>
            <Button block onClick={() => setCertificateOpen(true)}>
              Ver mi certificado
            </Button>
          </div>
        )}
      </aside>
      <Dialog open={certificateOpen} onClose={() => setCertificateOpen(false)} title="Tu certificado">
        <DialogBody>
          <CertificateButton course={course} progress={progress} />
        </DialogBody>
      </Dialog>
    </div>
  );
}

function Action({
  course,
  action,
  disabled,
}: {
  course: Course;
  action: CallToAction | null;
  disabled: boolean;
}) {
  if (!action) return <p>Este curso todavía no tiene clases. Volvé pronto.</p>;
  if (disabled) {
    return (
      <span className={buttonClass()} aria-disabled="true">
        {action.label}
      </span>
    );
  }
  const link = (
    <ButtonLink
      to={action.to}
      className="cv-cta"
      onClick={() => {
        if (action.kind === 'plans' || action.kind === 'buy')
          track('academy_courseCard_click_purchase', { courseId: course.id, from: 'course_page' });
      }}
    >
      {action.label}
    </ButtonLink>
  );
  if (action.kind === 'plans') {
    return (
      <div className="cv-cta-box">
        <p className="cv-cta-text">
          <Icon name="lock" size={18} /> Este curso es parte de la suscripción: con un plan accedés a todos
          los cursos.
          {action.monthlyPrice !== null && (
            <>
              {' '}
              <strong>Desde {formatMoney(action.monthlyPrice)} por mes.</strong>
            </>
          )}
        </p>
        {link}
      </div>
    );
  }
  return link;
}

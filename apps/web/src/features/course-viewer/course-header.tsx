import type { Course } from '@alcancia/contract';
import type { Ref } from 'react';
import { Link } from 'react-router';
import { academyPath, programsPath } from '../../lib/paths';
import { Button, ButtonLink } from '../../ui/button';
import { neighbours, type PlacedSection, sectionPath } from './course-navigation';

/** Spec §2: back link, "Módulo {order}: {name}", Anterior / Siguiente (hidden at the ends), title. */
export function CourseHeader({
  course,
  placed,
  disabled,
  titleRef,
}: {
  course: Course;
  placed: PlacedSection;
  /** preview mode: the outline is shown but nothing can be opened */
  disabled: boolean;
  titleRef: Ref<HTMLHeadingElement>;
}) {
  const { previous, next } = neighbours(course, placed.section.id);
  const back = course.isProgram
    ? { to: programsPath, label: 'Volver a Programas y Packs' }
    : { to: academyPath, label: 'Volver a la Academia' };
  return (
    <header className="cv-header">
      <Link to={back.to} className="cv-back">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <div className="cv-header-row">
        <p className="cv-module-title">
          Módulo {placed.module.order}: {placed.module.name}
        </p>
        {(previous || next) && (
          <nav className="cv-stepper" aria-label="Clases anterior y siguiente">
            {previous && (
              <StepLink
                to={sectionPath(course.id, previous.section.id)}
                label="Anterior"
                target={previous.section.name}
                disabled={disabled}
                variant="secondary"
              />
            )}
            {next && (
              <StepLink
                to={sectionPath(course.id, next.section.id)}
                label="Siguiente"
                target={next.section.name}
                disabled={disabled}
                variant="primary"
              />
            )}
          </nav>
        )}
      </div>
      <h1 className="cv-title" tabIndex={-1} ref={titleRef}>
        {placed.section.name}
      </h1>
    </header>
  );
}

function StepLink({
  to,
  label,
  target,
  disabled,
  variant,
}: {
  to: string;
  label: 'Anterior' | 'Siguiente';
  target: string;
  disabled: boolean;
  variant: 'primary' | 'secondary';
}) {
  const content = (
    <>
      {label === 'Anterior' && <span aria-hidden="true">‹</span>}
      {label}
      {label === 'Siguiente' && <span aria-hidden="true">›</span>}
    </>
  );
  // The spoken name says where it goes; it starts with the visible word (WCAG 2.5.3).
  const name = `${label}: ${target}`;
  if (disabled) {
    return (
      <Button variant={variant} aria-label={name} disabled>
        {content}
      </Button>
    );
  }
  return (
    <ButtonLink to={to} variant={variant} aria-label={name}>
      {content}
    </ButtonLink>
  );
}

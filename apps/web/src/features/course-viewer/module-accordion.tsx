import type { Course, CourseModule, CourseProgress, Section } from '@alcancia/contract';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { findSection, isOpenable, sectionPath, sortedModules } from './course-navigation';
import { formatDuration, moduleContents, spokenDuration } from './format-duration';
import { isComplete, progressPercent, sectionProgress } from './progress-rules';

/**
 * Spec §2: the modules as an accordion (WAI-ARIA pattern: a heading with a button per module).
 * Each shows its order (a tick when finished), name, "{n} clase(s)" (then its materials, apart) and "{m}m {s}s"; opened, its
 * sections with duration or "Descargable" and a marker when complete. The module of the current
 * section opens by itself. In preview mode and for EMPTY sections nothing is a link.
 */
export function ModuleAccordion({
  course,
  progress,
  currentSectionId,
  initiallyOpenModuleId = null,
  disabled,
}: {
  course: Course;
  progress: CourseProgress | undefined;
  /** null on the course overview: no section is open */
  currentSectionId: string | null;
  /** the module to open first when no section is current (the overview's next class) */
  initiallyOpenModuleId?: string | null;
  disabled: boolean;
}) {
  const currentModuleId =
    (currentSectionId ? findSection(course, currentSectionId)?.module.id : null) ?? initiallyOpenModuleId;
  const [open, setOpen] = useState<ReadonlySet<string>>(
    () => new Set(currentModuleId ? [currentModuleId] : []),
  );
  useEffect(() => {
    if (currentModuleId)
      setOpen((ids) => (ids.has(currentModuleId) ? ids : new Set([...ids, currentModuleId])));
  }, [currentModuleId]);
  const toggle = (id: string) =>
    setOpen((ids) => {
      const next = new Set(ids);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <div className="cv-contents">
      <h2 className="cv-contents-title">Contenido del curso</h2>
      <p className="cv-contents-course">{course.name}</p>
      <ol className="cv-modules">
        {sortedModules(course).map((module) => (
          <ModuleItem
            key={module.id}
            course={course}
            module={module}
            progress={progress}
            currentSectionId={currentSectionId}
            open={open.has(module.id)}
            onToggle={() => toggle(module.id)}
            disabled={disabled}
          />
        ))}
      </ol>
    </div>
  );
}

function ModuleItem({
  course,
  module,
  progress,
  currentSectionId,
  open,
  onToggle,
  disabled,
}: {
  course: Course;
  module: CourseModule;
  progress: CourseProgress | undefined;
  currentSectionId: string | null;
  open: boolean;
  onToggle(): void;
  disabled: boolean;
}) {
  const id = useId();
  const finished = progress?.finished_modules[module.id] === true;
  return (
    <li className={`cv-module${finished ? ' is-finished' : ''}`}>
      <h3 className="cv-module-heading">
        <button
          type="button"
          className="cv-module-toggle"
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          id={`${id}-button`}
          onClick={onToggle}
        >
          <span className="cv-module-badge" aria-hidden="true">
            {finished ? '✓' : module.order}
          </span>
          <span className="cv-module-text">
            <span className="visually-hidden">
              Módulo {module.order}
              {finished ? ', terminado' : ''}:{' '}
            </span>
            <span className="cv-module-name">{module.name}</span>
            <span className="cv-module-meta">
              {moduleContents(module.sections)} · <Duration seconds={module.total_duration} />
            </span>
          </span>
          <span className="cv-module-chevron" aria-hidden="true" />
        </button>
      </h3>
      <section id={`${id}-panel`} aria-labelledby={`${id}-button`} hidden={!open}>
        <ul className="cv-sections">
          {module.sections.map((section) => (
            <li key={section.id}>
              <SectionItem
                course={course}
                module={module}
                section={section}
                progress={progress}
                current={section.id === currentSectionId}
                disabled={disabled}
              />
            </li>
          ))}
        </ul>
      </section>
    </li>
  );
}

function SectionItem({
  course,
  module,
  section,
  progress,
  current,
  disabled,
}: {
  course: Course;
  module: CourseModule;
  section: Section;
  progress: CourseProgress | undefined;
  current: boolean;
  disabled: boolean;
}) {
  const saved = sectionProgress(progress, module.id, section.id);
  const complete = isComplete(saved);
  const percent =
    section.type === 'CLASS' && saved ? progressPercent(saved.viewed_seconds, section.duration) : 0;
  const meta =
    section.type === 'CLASS' ? (
      <Duration seconds={section.duration} />
    ) : section.type === 'DOWNLOADABLE_MATERIAL' ? (
      'Descargable'
    ) : (
      'Próximamente'
    );
  const body = (
    <>
      <span className={`cv-section-mark${complete ? ' is-complete' : ''}`} aria-hidden="true">
        {complete
          ? '✓'
          : section.type === 'DOWNLOADABLE_MATERIAL'
            ? '↓'
            : section.type === 'CLASS'
              ? '▶'
              : '·'}
      </span>
      <span className="cv-section-text">
        <span className="cv-section-name">{section.name}</span>
        <span className="cv-section-meta">
          {meta}
          {!complete && percent > 0 && <> · {percent} %</>}
        </span>
      </span>
      {complete && <span className="visually-hidden">, completada</span>}
      {current && <span className="visually-hidden">, clase actual</span>}
    </>
  );
  const className = `cv-section${current ? ' is-current' : ''}${complete ? ' is-complete' : ''}`;
  if (disabled || !isOpenable(section)) {
    return (
      <span className={`${className} is-disabled`}>
        {body}
        {section.type !== 'EMPTY' && <span className="visually-hidden">, no disponible</span>}
      </span>
    );
  }
  return (
    <Link
      to={sectionPath(course.id, section.id)}
      className={className}
      aria-current={current ? 'page' : undefined}
    >
      {body}
    </Link>
  );
}

/** "{m}m {s}s" on screen, "3 minutos 5 segundos" for screen readers. */
function Duration({ seconds }: { seconds: number }) {
  return (
    <>
      <span aria-hidden="true">{formatDuration(seconds)}</span>
      <span className="visually-hidden">{spokenDuration(seconds)}</span>
    </>
  );
}

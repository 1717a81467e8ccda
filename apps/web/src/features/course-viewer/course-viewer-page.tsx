import type { Course, CourseProgress, Section } from '@alcancia/contract';
import { useEffect, useRef, useState } from 'react';
import { Navigate, useParams } from 'react-router';
import { track } from '../../lib/analytics';
import { usePageTitle } from '../../lib/use-page-title';
import { useReveal } from '../../lib/use-reveal';
import { Spinner } from '../../ui/feedback';
import { CertificateButton } from './certificate-button';
import { useCourseAccess } from './course-access';
import { CourseFinished } from './course-finished';
import { CourseHeader } from './course-header';
import { coursePath, findSection, isOpenable } from './course-navigation';
import { CourseOverview } from './course-overview';
import { ModuleAccordion } from './module-accordion';
import { PackContents } from './pack-contents';
import { SectionContent, SectionPlaceholder } from './section-content';
import { startEvents } from './start-events';
import './course-viewer.css';
import { academyPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';

/**
 * /academy/:courseId and /academy/:courseId/:sectionId. Without a section it is the course
 * overview (its action continues at the last viewed section, or starts at the first); with one it
 * shows the header, the content and the module list.
 */
export default function CourseViewerPage() {
  const { courseId = '', sectionId } = useParams();
  const { access, progress } = useCourseAccess(courseId);
  // The first visit shows the viewer once the course (or its preview, while the course is on its
  // way) and the progress have answered, in one transition (useReveal); later sections and courses
  // update in place.
  const revealed = useReveal(access.status !== 'loading' && !progress.isPending);

  if (access.status === 'loading' || !revealed) return <Spinner label="Cargando el curso…" />;
  if (access.status === 'not-found') return <CourseNotFound />;
  if (access.status === 'redirect') return <Navigate to={access.to} replace />;
  // Needs a subscription: the course page from the preview, with the plans (decision 74).
  if (access.status === 'locked') {
    if (sectionId) return <Navigate to={coursePath(access.preview.id)} replace />;
    return <CourseOverview course={access.preview} progress={undefined} disabled={false} locked />;
  }
  if (access.status === 'error') {
    return (
      <div className="cv-problem">
        <Banner tone="danger" title="No pudimos abrir el curso">
          <p>{errorText(access.error)}</p>
        </Banner>
        <Button onClick={access.retry}>Reintentar</Button>
      </div>
    );
  }

  const course = access.status === 'ready' ? access.course : access.preview;
  const previewMode = access.status === 'preview';
  // A pack holds programs and courses, not classes: its buyer gets the list of them.
  if (course.type === 'PACK') {
    if (previewMode) return <Spinner label="Cargando el curso…" />;
    return <PackContents course={course} />;
  }
  // Without a section: the course overview (decision 51), its action at the last viewed section.
  if (!sectionId) return <CourseOverview course={course} progress={progress.data} disabled={previewMode} />;
  const placed = findSection(course, sectionId);
  if (!placed || !isOpenable(placed.section)) {
    return <Navigate to={coursePath(course.id)} replace />;
  }

  return (
    <CourseViewer
      // Its state (the finishing moment, the module started) belongs to one course.
      key={course.id}
      course={course}
      progress={progress.data}
      sectionId={sectionId}
      preview={
        previewMode ? { loading: access.error == null, error: access.error, retry: access.retry } : null
      }
    />
  );
}

export interface PreviewState {
  /** the course is still loading (otherwise it failed with `error`) */
  loading: boolean;
  error: unknown;
  retry(): void;
}

function CourseViewer({
  course,
  progress,
  sectionId,
  preview,
}: {
  course: Course;
  progress: CourseProgress | undefined;
  sectionId: string;
  preview: PreviewState | null;
}) {
  const placed = findSection(course, sectionId);
  usePageTitle(placed ? `${placed.section.name} · ${course.name}` : course.name);

  // Focus follows the reader to the new section (not on the first load: the page was just opened).
  const title = useRef<HTMLHeadingElement>(null);
  const shown = useRef(sectionId);
  useEffect(() => {
    if (shown.current === sectionId) return;
    shown.current = sectionId;
    title.current?.focus();
  }, [sectionId]);

  // Finishing the course here (not opening one finished before) is a moment of its own (issue 20).
  const finishedAt = progress?.finished_at ?? null;
  const finishedBefore = useRef(finishedAt !== null);
  const [celebrating, setCelebrating] = useState(false);
  useEffect(() => {
    if (finishedAt === null || finishedBefore.current || preview) return;
    finishedBefore.current = true;
    setCelebrating(true);
  }, [finishedAt, preview]);
  // Another section opened: back to the classes.
  const celebratedSection = useRef(sectionId);
  useEffect(() => {
    if (celebratedSection.current === sectionId) return;
    celebratedSection.current = sectionId;
    setCelebrating(false);
  }, [sectionId]);

  // Spec §7: section_started on every section opened, module_started on entering a module.
  const startedModule = useRef<string | null>(null);
  const openedModuleId = placed && !preview ? placed.module.id : null;
  const openedSectionId = placed && !preview ? placed.section.id : null;
  useEffect(() => {
    if (!openedModuleId || !openedSectionId) return;
    const properties = { courseId: course.id, moduleId: openedModuleId, sectionId: openedSectionId };
    for (const event of startEvents(startedModule.current, openedModuleId)) track(event, properties);
    startedModule.current = openedModuleId;
  }, [course.id, openedModuleId, openedSectionId]);

  if (!placed) return null;
  return (
    <div className="cv-layout">
      {celebrating && <CourseFinished course={course} onClose={() => setCelebrating(false)} />}
      <div className="cv-main">
        <CourseHeader course={course} placed={placed} disabled={preview !== null} titleRef={title} />
        {preview ? (
          <PreviewNotice preview={preview} section={placed.section} />
        ) : (
          <SectionContent course={course} placed={placed} progress={progress} />
        )}
      </div>
      <aside className="cv-aside" aria-label="Contenido del curso">
        <ModuleAccordion
          course={course}
          progress={progress}
          currentSectionId={sectionId}
          disabled={preview !== null}
        />
        {!preview && !celebrating && <CertificateButton course={course} progress={progress} />}
      </aside>
    </div>
  );
}

function PreviewNotice({ preview, section }: { preview: PreviewState; section: Section }) {
  if (preview.loading) return <SectionPlaceholder section={section} label="Cargando la clase…" />;
  return (
    <div className="cv-problem">
      <Banner tone="danger" title="No pudimos cargar la clase">
        <p>{errorText(preview.error)}</p>
      </Banner>
      <Button onClick={preview.retry}>Reintentar</Button>
    </div>
  );
}

function CourseNotFound() {
  usePageTitle('Curso inexistente');
  return (
    <section className="cv-problem" aria-labelledby="cv-not-found">
      <h1 id="cv-not-found" className="cv-problem-title">
        El curso ingresado no existe
      </h1>
      <p>Revisá la dirección o buscalo en la academia.</p>
      <ButtonLink to={academyPath}>Ir a la Academia</ButtonLink>
    </section>
  );
}

function errorText(error: unknown): string {
  return error instanceof Error && error.message
    ? error.message
    : 'Ocurrió un error inesperado. Intentá nuevamente.';
}

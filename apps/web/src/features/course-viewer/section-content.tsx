import type { Course, CourseProgress } from '@alcancia/contract';
import { lazy, Suspense } from 'react';
import { Spinner } from '../../ui/feedback';
import type { PlacedSection } from './course-navigation';
import { MaterialViewer } from './material-viewer';
import { sectionProgress } from './progress-rules';

// The player (and hls.js behind it) loads only when a class is opened.
const VideoPlayer = lazy(() => import('./video-player'));

/** The content of the section: the video player for a CLASS, the material viewer for a file. */
export function SectionContent({
  course,
  placed,
  progress,
}: {
  course: Course;
  placed: PlacedSection;
  progress: CourseProgress | undefined;
}) {
  const { module, section } = placed;
  if (section.type === 'CLASS') {
    return (
      <Suspense fallback={<Spinner label="Cargando el video…" />}>
        <VideoPlayer
          // A new player per class: its events, timers and saved point belong to that class.
          key={section.id}
          course={course}
          module={module}
          section={section}
          saved={sectionProgress(progress, module.id, section.id)}
        />
      </Suspense>
    );
  }
  if (section.type === 'DOWNLOADABLE_MATERIAL') {
    return (
      <MaterialViewer
        key={section.id}
        course={course}
        module={module}
        section={section}
        saved={sectionProgress(progress, module.id, section.id)}
      />
    );
  }
  return null;
}

import type { Course, CourseProgress, Section } from '@alcancia/contract';
import { Spinner } from '../../ui/feedback';
import type { PlacedSection } from './course-navigation';
import { MaterialPlaceholder, MaterialViewer } from './material-viewer';
import { sectionProgress } from './progress-rules';

// The player is part of the viewer's code (5 KB gzip): loaded apart, it arrived after the page and
// its controls, transcript and the class's details pushed the course's contents down (CLS 0.14 on
// a phone). hls.js, the heavy part, still loads only when a class plays HLS (video-player.tsx).
import VideoPlayer from './video-player';

/**
 * What stands in for a section's content while the course loads: for a
 * class the same 16:9 frame and progress line, for a material the same bar and frame, so the
 * module list below does not move when the content arrives (CLS).
 */
export function SectionPlaceholder({ section, label }: { section: Section; label: string }) {
  if (section.type === 'DOWNLOADABLE_MATERIAL')
    return <MaterialPlaceholder section={section} label={label} />;
  if (section.type !== 'CLASS') return <Spinner label={label} />;
  return (
    <div className="cv-video">
      <div className="cv-video-frame cv-video-frame-loading">
        <Spinner label={label} />
      </div>
      <p className="cv-progress" aria-hidden="true">
        &nbsp;
      </p>
    </div>
  );
}

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
      <VideoPlayer
        // A new player per class: its events, timers and saved point belong to that class.
        key={section.id}
        course={course}
        module={module}
        section={section}
        saved={sectionProgress(progress, module.id, section.id)}
      />
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

import type { Section } from '@alcancia/contract';
import { useState } from 'react';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/feedback';
import { adminErrorText } from '../admin-api';
import { usePreview } from './content-api';

/**
 * The course as a learner with access sees it (GET /admin/courses/{id}/preview, published or
 * not): description, modules and sections, and a class's video in the browser's player.
 */
export function CoursePreview({ id }: { id: string }) {
  const preview = usePreview(id, true);
  const [playing, setPlaying] = useState<Section | null>(null);
  if (preview.isPending) return <Spinner label="Cargando la vista previa…" />;
  if (preview.isError) return <Banner tone="danger">{adminErrorText(preview.error)}</Banner>;
  const course = preview.data;
  return (
    <div className="content-preview admin-stack">
      <h3>{course.name}</h3>
      {course.description && <p>{course.description}</p>}
      {course.long_description
        .split('\n')
        .filter(Boolean)
        .map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      <p className="admin-muted">
        {course.modulesAmount} módulos · {course.classesAmount} clases
      </p>
      {course.modules.map((module) => (
        <section key={module.id} aria-label={module.name}>
          <h4>{module.name}</h4>
          <ul>
            {module.sections.map((section) => (
              <li key={section.id}>
                {section.type === 'CLASS' && section.section_url ? (
                  <Button variant="secondary" size="compact" onClick={() => setPlaying(section)}>
                    Ver «{section.name}»
                  </Button>
                ) : (
                  section.name
                )}
                {section.type === 'DOWNLOADABLE_MATERIAL' && ` (${section.file_extension?.toUpperCase()})`}
              </li>
            ))}
          </ul>
        </section>
      ))}
      {playing?.section_url && (
        <figure>
          {/* biome-ignore lint/a11y/useMediaCaption: the editor's own uploads have no captions yet */}
          <video
            key={playing.id}
            className="content-video"
            src={playing.section_url}
            controls
            preload="metadata"
          />
          <figcaption>{playing.name}</figcaption>
        </figure>
      )}
    </div>
  );
}

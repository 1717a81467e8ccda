import type { Course, CourseModule } from '@alcancia/contract';
import { Link } from 'react-router';
import { sectionPath } from './course-navigation';

/**
 * Under the video (issue 30): what the course is about and the materials of the class's module,
 * each a link to its section. Classes have no description of their own; the course's is shown.
 */
export function ClassDetails({ course, module }: { course: Course; module: CourseModule }) {
  const materials = [...module.sections]
    .sort((a, b) => a.order - b.order)
    .filter((s) => s.type === 'DOWNLOADABLE_MATERIAL');
  return (
    <div className="cv-details">
      {course.description && (
        <section aria-labelledby="cv-about-title">
          <h2 id="cv-about-title" className="cv-below-title">
            Sobre este curso
          </h2>
          <p className="cv-details-text">{course.description}</p>
        </section>
      )}
      {materials.length > 0 && (
        <section aria-labelledby="cv-materials-title">
          <h2 id="cv-materials-title" className="cv-below-title">
            Materiales de este módulo
          </h2>
          <ul className="cv-details-materials">
            {materials.map((m) => (
              <li key={m.id}>
                <Link to={sectionPath(course.id, m.id)}>
                  {m.name}
                  {m.file_extension ? ` (${m.file_extension.toUpperCase()})` : ''}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

import type { Course } from '@alcancia/contract';
import { Link } from 'react-router';
import { academyCoursePath, programsPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';

const kindLabel: Record<Course['type'], string> = {
  COURSE: 'Curso',
  PROGRAM: 'Programa',
  PACK: 'Pack',
  EVENT: 'Evento',
};

/**
 * /academy/{packId} for the pack's buyer: a pack has no classes of its own, it holds programs and
 * courses, so its page lists them, each opening in the course viewer (buying the pack gives
 * access to every one of them).
 */
export function PackContents({ course }: { course: Course }) {
  usePageTitle(course.name);
  return (
    <section className="cv-pack" aria-labelledby="cv-pack-title">
      <Link to={programsPath} className="back-link">
        Volver a Programas & Packs
      </Link>
      <h1 id="cv-pack-title" className="cv-problem-title">
        {course.name}
      </h1>
      <p>{course.description}</p>
      {course.items.length === 0 ? (
        <p>Este pack todavía no tiene contenidos. Volvé pronto.</p>
      ) : (
        <>
          <h2 className="cv-pack-subtitle">Qué incluye</h2>
          <ul className="cv-pack-items">
            {course.items.map((item) => (
              <li key={item.id}>
                <Link to={academyCoursePath(item.id)} className="cv-pack-item">
                  {item.thumbnail && (
                    <img src={item.thumbnail} alt="" width={96} height={54} decoding="async" />
                  )}
                  <span>
                    <span className="cv-pack-kind">{kindLabel[item.type]}</span>
                    <span className="cv-pack-name">{item.name}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

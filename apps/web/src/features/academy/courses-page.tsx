import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert, Spinner } from '../../ui/feedback';
import { progressOf, useAcademyFilters, useCourses, useProgressOverview } from './catalog-api';
import { CourseCard } from './course-card';
import { PageHeader } from './page-header';
import './academy.css';

const pageSize = 24;

/** /academy/cursos ("Ver todos"): every course with the user's progress, page by page. */
export default function CoursesPage() {
  usePageTitle('Cursos');
  const [params] = useSearchParams();
  const requested = Number.parseInt(params.get('pagina') ?? '1', 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  const courses = useCourses({}, page, pageSize);
  const progress = useProgressOverview();
  const filtersMeta = useAcademyFilters();
  const pages = courses.data ? Math.max(1, Math.ceil(courses.data.total / pageSize)) : 1;

  return (
    <div className="academy">
      <PageHeader title="Cursos" back={{ to: '/academy', label: 'Volver a la Academia' }} />
      {courses.isPending ? (
        <Spinner label="Cargando cursos…" />
      ) : courses.isError ? (
        <Alert tone="error">
          No pudimos cargar los cursos.{' '}
          <button type="button" className="link-button" onClick={() => void courses.refetch()}>
            Reintentar
          </button>
        </Alert>
      ) : courses.data.items.length === 0 ? (
        // past the last page (the answer's total counts the rows of the page asked for)
        page > 1 ? (
          <p className="empty-state">
            Esta página no existe. <Link to="/academy/cursos">Ver la primera página de cursos</Link>
          </p>
        ) : (
          <p className="empty-state">Todavía no hay cursos publicados.</p>
        )
      ) : (
        <>
          <p className="list-summary">
            {courses.data.total === 1 ? '1 curso' : `${courses.data.total} cursos`}
            {pages > 1 ? ` · página ${page} de ${pages}` : ''}
          </p>
          <ul className="card-grid" aria-busy={courses.isPlaceholderData}>
            {courses.data.items.map((course) => (
              <li key={course.id}>
                <CourseCard
                  course={course}
                  progress={progressOf(progress.data, course.id)}
                  topics={filtersMeta.data?.customFilters.topic}
                  levels={filtersMeta.data?.customFilters.level}
                  headingLevel={2}
                />
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="pagination" aria-label="Páginas de cursos">
              {page > 1 && (
                <Link className="button button-secondary" to={`?pagina=${page - 1}`}>
                  Anterior
                </Link>
              )}
              {page < pages && (
                <Link className="button button-secondary" to={`?pagina=${page + 1}`}>
                  Siguiente
                </Link>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}

import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { useSubscription } from '../../shared/account/account-queries';
import {
  progressOf,
  useAcademyFilters,
  useCourses,
  useProgressOverview,
} from '../../shared/catalogue/catalog-api';
import { CourseCard } from '../../shared/catalogue/course-card';
import { PageHeader } from '../../shared/catalogue/page-header';
import { Spinner } from '../../ui/feedback';
import { EmptyResults } from './empty-results';
import {
  effectiveFilters,
  emptyFilters,
  hasActiveFilters,
  pageParam,
  toCatalogFilters,
  visibleSuggestedFilters,
} from './filter-rules';
import { FiltersBar } from './filters-bar';
import { useUrlFilters } from './use-url-filters';
import '../../shared/catalogue/academy.css';
import { academyPath, coursesPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';

const pageSize = 24;

/**
 * /academy/cursos ("Ver todos"): every course with the user's progress, page by page, with the
 * academy home's filters (in the address too, issue 20).
 */
export default function CoursesPage() {
  usePageTitle('Cursos');
  const [params] = useSearchParams();
  const [state, setState] = useUrlFilters();
  const subscription = useSubscription();
  const filtersMeta = useAcademyFilters();
  const requested = Number.parseInt(params.get(pageParam) ?? '1', 10);
  const page = Number.isFinite(requested) && requested > 0 ? requested : 1;
  const visibleValues = filtersMeta.data
    ? visibleSuggestedFilters(filtersMeta.data.suggestedFilters, subscription.data).map((f) => f.value)
    : null;
  const effective = effectiveFilters(state, visibleValues);
  const filtering = hasActiveFilters(effective);
  const courses = useCourses(toCatalogFilters(effective), page, pageSize);
  const progress = useProgressOverview();
  const pages = courses.data ? Math.max(1, Math.ceil(courses.data.total / pageSize)) : 1;
  const nothingFound = filtering && courses.isSuccess && courses.data.items.length === 0;
  const pageLink = (n: number) => {
    const next = new URLSearchParams(params);
    next.set(pageParam, String(n));
    return `?${next.toString()}`;
  };

  return (
    <div className="academy">
      <PageHeader title="Cursos" back={{ to: academyPath, label: 'Volver a la Academia' }} />
      <FiltersBar
        filters={filtersMeta.data}
        subscription={subscription.data}
        state={state}
        onChange={setState}
        showClear={!nothingFound}
      />
      {courses.isPending ? (
        <Spinner label="Cargando cursos…" />
      ) : courses.isError ? (
        <Banner tone="danger">
          No pudimos cargar los cursos.{' '}
          <Button variant="link" onClick={() => void courses.refetch()}>
            Reintentar
          </Button>
        </Banner>
      ) : courses.data.items.length === 0 ? (
        // past the last page (the answer's total counts the rows of the page asked for)
        page > 1 ? (
          <p className="empty-state">
            Esta página no existe. <Link to={coursesPath}>Ver la primera página de cursos</Link>
          </p>
        ) : filtering ? (
          <EmptyResults onClear={() => setState(emptyFilters)} />
        ) : (
          <p className="empty-state">Todavía no hay cursos publicados.</p>
        )
      ) : (
        <>
          <p className="list-summary" aria-live="polite">
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
                <ButtonLink variant="secondary" to={pageLink(page - 1)}>
                  Anterior
                </ButtonLink>
              )}
              {page < pages && (
                <ButtonLink variant="secondary" to={pageLink(page + 1)}>
                  Siguiente
                </ButtonLink>
              )}
            </nav>
          )}
        </>
      )}
    </div>
  );
}

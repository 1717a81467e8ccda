import { type FormEvent, useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { academyPath, coursesPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { SelectField } from '../../ui/select-field';
import { SkeletonCards } from '../../ui/skeleton-cards';
import { TextField } from '../../ui/text-field';
import { type ShopFilters, usePublicCourses, usePublicFilters } from './shop-api';
import { CourseTile, JoinLinks, ShopNav } from './shop-parts';

const pageStep = 24;
/** the contract's largest page */
const maxPageSize = 60;

/**
 * `/cursos` (issue 30): the public catalogue with the academy's filters (topic, level, suggested)
 * and search, kept in the address so a filtered list can be shared. A learner with a session goes
 * to the academy's list.
 */
export default function PublicCataloguePage() {
  usePageTitle('Cursos');
  const loggedIn = useIsLoggedIn();
  const [params, setParams] = useSearchParams();
  const filters: ShopFilters = {
    category: params.get('category') || undefined,
    level: params.get('level') || undefined,
    tags: params.get('tags') || undefined,
    keyword: params.get('q') || undefined,
  };
  const [pageSize, setPageSize] = useState(pageStep);
  const [keyword, setKeyword] = useState(filters.keyword ?? '');
  const options = usePublicFilters();
  const courses = usePublicCourses(filters, pageSize);
  if (loggedIn) return <Navigate to={coursesPath} replace />;

  const set = (name: string, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(name, value);
    else next.delete(name);
    setPageSize(pageStep);
    setParams(next, { replace: true });
  };
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    set('q', keyword.trim());
  };
  const total = courses.data?.total ?? 0;

  return (
    <div className="shop">
      <ShopNav />
      <header className="shop-section">
        <h1>Cursos</h1>
        <p>
          Los cursos marcados como gratis los hacés con tu cuenta, sin pagar nada; el resto se abre con
          cualquiera de los planes.
        </p>
      </header>
      <form className="shop-filters" aria-label="Buscar cursos" onSubmit={search}>
        <TextField
          label="Buscar"
          type="search"
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          placeholder="Ej.: presupuesto, bonos, deudas"
        />
        <SelectField
          label="Tema"
          value={filters.category ?? ''}
          onChange={(event) => set('category', event.target.value)}
        >
          <option value="">Todos los temas</option>
          {options.data?.customFilters.topic.map((topic) => (
            <option key={topic.value} value={topic.value}>
              {topic.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Nivel"
          value={filters.level ?? ''}
          onChange={(event) => set('level', event.target.value)}
        >
          <option value="">Todos los niveles</option>
          {options.data?.customFilters.level.map((level) => (
            <option key={level.value} value={level.value}>
              {level.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Mostrar"
          value={filters.tags ?? ''}
          onChange={(event) => set('tags', event.target.value)}
        >
          <option value="">Todos</option>
          <option value="free">Gratis</option>
          {options.data?.suggestedFilters.map((filter) => (
            <option key={filter.value} value={filter.value}>
              {filter.label}
            </option>
          ))}
        </SelectField>
        <Button type="submit">Buscar</Button>
      </form>

      <p role="status" className="shop-tile-counts">
        {courses.data ? `${total} ${total === 1 ? 'curso' : 'cursos'}` : ''}
      </p>
      {courses.isPending ? (
        <SkeletonCards count={6} gridClassName="shop-grid" />
      ) : courses.isError ? (
        <Banner tone="warning">No pudimos cargar los cursos. Probá de nuevo en un momento.</Banner>
      ) : courses.data.items.length === 0 ? (
        <Banner
          tone="info"
          live="none"
          title="Aún no tenemos contenidos que coincidan con estos filtros o palabras"
        >
          Probá con otra combinación.
        </Banner>
      ) : (
        <ul className="shop-grid">
          {courses.data.items.map((course, index) => (
            <CourseTile key={course.id} course={course} filters={options.data} priority={index < 2} />
          ))}
        </ul>
      )}
      {courses.data && courses.data.items.length < total && pageSize < maxPageSize && (
        <Button
          variant="secondary"
          loading={courses.isFetching}
          onClick={() => setPageSize((n) => Math.min(n + pageStep, maxPageSize))}
        >
          Ver más cursos
        </Button>
      )}
      <section className="shop-section" aria-labelledby="shop-catalogue-join">
        <h2 id="shop-catalogue-join">Empezá hoy</h2>
        <JoinLinks from={academyPath} />
      </section>
    </div>
  );
}

import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { useReveal } from '../../lib/use-reveal';
import { useCurrentUser, useSubscription } from '../../shared/account/account-queries';
import { asksInterests } from '../../shared/account/onboarding-rules';
import {
  progressOf,
  useAcademyFilters,
  useCourses,
  useEvents,
  useProgramsAndPacks,
  useProgressOverview,
  useQuickCourses,
} from '../../shared/catalogue/catalog-api';
import { CourseCard, EventCard } from '../../shared/catalogue/course-card';
import { PageHeader } from '../../shared/catalogue/page-header';
import { ProgramCardView } from '../../shared/catalogue/program-card';
import { Spinner } from '../../ui/feedback';
import { Icon } from '../../ui/icons';
import { SkeletonCards } from '../../ui/skeleton-cards';
import { continueWatchingRow } from './continue-rules';
import { ContinueWatching } from './continue-watching';
import { EmptyResults } from './empty-results';
import { ExpiredPromoModal } from './expired-promo-modal';
import {
  effectiveFilters,
  emptyFilters,
  hasActiveFilters,
  searchWithFilters,
  toCatalogFilters,
  visibleSuggestedFilters,
} from './filter-rules';
import { FiltersBar } from './filters-bar';
import { forYouListSize } from './first-queries';
import { forYouCourses, wantsForYou } from './for-you-rules';
import { SearchOverlay } from './search-overlay';
import { useUrlFilters } from './use-url-filters';
import '../../shared/catalogue/academy.css';
import { coursesPath, plansPath, programsPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';

/** The onboarding's two questions (issue 30): their code loads only while they are asked. */
const InterestsQuestions = lazy(() => import('../../shared/account/interests-questions'));

/** Cards in the widest first row (4 columns): their thumbnails load first, not lazily (LCP). */
const firstRowSize = 4;

function Section({
  id,
  title,
  more,
  children,
}: {
  id: string;
  title: string;
  more?: { to: string; label: string };
  children: React.ReactNode;
}) {
  return (
    <section className="academy-section" aria-labelledby={id}>
      <div className="section-header">
        <h2 id={id} tabIndex={-1}>
          {title}
        </h2>
        {more && (
          <Link to={more.to} className="section-more">
            {more.label}
          </Link>
        )}
      </div>
      {children}
    </section>
  );
}

/** One section has nothing for these filters while another has: a line, no second button. */
function NoneHere({ text }: { text: string }) {
  return <p className="empty-line">{text}</p>;
}

function LoadError({ onRetry }: { onRetry(): void }) {
  return (
    <Banner tone="danger">
      No pudimos cargar estos contenidos.{' '}
      <Button variant="link" onClick={onRetry}>
        Reintentar
      </Button>
    </Banner>
  );
}

/** The promo banner of the academy home (plans for non-subscribers, programs for subscribers). */
function PromoBanner({ isSubscribed }: { isSubscribed: boolean | undefined }) {
  return (
    <section className="promo-banner" aria-labelledby="promo-title">
      <div>
        <h2 id="promo-title">
          {isSubscribed ? 'Llevá tus finanzas al siguiente nivel' : 'Aprendé a hacer crecer tu plata'}
        </h2>
        <p>
          {isSubscribed
            ? 'Sumá un programa con acompañamiento y clases en vivo.'
            : 'Con la suscripción accedés a todos los cursos, eventos y materiales descargables.'}
        </p>
      </div>
      <ButtonLink variant="plain" className="button-promo" to={isSubscribed ? programsPath : plansPath}>
        {isSubscribed ? 'Ver Programas & Packs' : 'Ver planes'}
      </ButtonLink>
    </section>
  );
}

/**
 * The academy home (/academy): header, "Seguí viendo" (issue 20), promo banner, the filters (kept
 * in the address), courses, Programs & Packs, Past events; on mobile a menu and the search
 * overlay; the expired-promo modal.
 */
export default function AcademyPage() {
  usePageTitle('Academia');
  const user = useCurrentUser();
  const subscription = useSubscription();
  const filtersMeta = useAcademyFilters();
  const progress = useProgressOverview();
  const [state, setState] = useUrlFilters();
  const [searchOpen, setSearchOpen] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);

  // A suggested filter hidden by the subscription rules never filters.
  const visibleValues = filtersMeta.data
    ? visibleSuggestedFilters(filtersMeta.data.suggestedFilters, subscription.data).map((f) => f.value)
    : [];
  const effective = effectiveFilters(state, filtersMeta.data ? visibleValues : null);
  const filtering = hasActiveFilters(effective);
  const catalogFilters = toCatalogFilters(effective);
  // "Ver todos" keeps the filters: /academy/cursos shows the same ones.
  const filterQuery = searchWithFilters(new URLSearchParams(), effective).toString();

  const quick = useQuickCourses({});
  const filtered = useCourses(catalogFilters, 1, 24, filtering);
  const courses = filtering ? filtered : quick;
  const programs = useProgramsAndPacks(catalogFilters);
  const events = useEvents();
  const topics = filtersMeta.data?.customFilters.topic;
  const continueRow = continueWatchingRow(progress.data);
  const coursesEmpty = courses.isSuccess && courses.data.items.length === 0;
  const programsEmpty = !programs.isPending && !programs.isError && programs.items?.length === 0;
  // Filters that leave nothing at all: one empty state instead of the sections.
  const nothingFound = filtering && coursesEmpty && programsEmpty;
  const clearFilters = () => setState(emptyFilters);
  const levels = filtersMeta.data?.customFilters.level;

  // "Para vos" (issue 30): after the onboarding's questions, the courses that match her answers
  // (for-you-rules.ts), computed here from the whole course list; hidden when she skipped both.
  const asking = user.data ? asksInterests(user.data) : false;
  const forYouWanted = !filtering && !asking && wantsForYou(user.data);
  const allCourses = useCourses({}, 1, forYouListSize, forYouWanted);
  const forYou = user.data && allCourses.data ? forYouCourses(allCourses.data.items, user.data) : [];
  const [justAnswered, setJustAnswered] = useState(false);
  const forYouShown = forYouWanted && forYou.length > 0;
  useEffect(() => {
    // her answers just saved: the row that replaces the questions takes the focus
    if (justAnswered && forYouShown) {
      document.getElementById('para-vos')?.focus();
      setJustAnswered(false);
    }
  }, [justAnswered, forYouShown]);

  // The first screen appears once, complete: greeting, promo text, filters, cards with their
  // progress and the sections below. Later changes (filters, refetches) keep the page and update
  // its sections in place.
  const revealed = useReveal(
    [user, subscription, filtersMeta, progress, courses, programs, events].every(
      (query) => !query.isPending,
    ) &&
      (!forYouWanted || !allCourses.isPending),
  );
  if (!revealed) {
    // Before the first answers: the page's frame and its first cards as skeletons, not a spinner.
    return (
      <div className="academy">
        <PageHeader title="Academia" subtitle={<p className="page-greeting"> </p>} />
        <Section id="cursos" title="Cursos">
          <SkeletonCards count={firstRowSize} gridClassName="card-grid" />
        </Section>
      </div>
    );
  }

  return (
    <div className="academy">
      <PageHeader
        title="Academia"
        subtitle={
          <p className="page-greeting" aria-live="polite">
            {user.data ? `Hola, ${user.data.name}.` : ' '}
          </p>
        }
      >
        <Button variant="secondary" className="header-search" onClick={() => setSearchOpen(true)}>
          <Icon name="search" size={20} />
          <span>Buscar</span>
        </Button>
        <div className="academy-menu">
          <button
            type="button"
            className="icon-button academy-menu-button"
            aria-expanded={menuOpen}
            aria-controls="academy-menu"
            aria-label="Menú de la academia"
            onClick={() => setMenuOpen((v) => !v)}
          >
            <Icon name={menuOpen ? 'close' : 'menu'} />
          </button>
        </div>
      </PageHeader>
      {menuOpen && (
        <nav id="academy-menu" className="academy-menu-panel" aria-label="Menú de la academia">
          <ul>
            <li>
              <Link to={coursesPath}>Cursos</Link>
            </li>
            <li>
              <Link to={programsPath}>Programas y Packs</Link>
            </li>
            {/* the past events show only without filters: the entry goes where it can */}
            {!filtering && (
              <li>
                <Button
                  variant="link"
                  onClick={() => {
                    setMenuOpen(false);
                    const heading = document.getElementById('eventos-pasados');
                    heading?.scrollIntoView();
                    heading?.focus();
                  }}
                >
                  Eventos pasados
                </Button>
              </li>
            )}
          </ul>
        </nav>
      )}

      {asking && (
        <Suspense fallback={null}>
          <InterestsQuestions
            onDone={(answered) => {
              if (wantsForYou(answered)) setJustAnswered(true);
              else document.getElementById('contenido')?.focus();
            }}
          />
        </Suspense>
      )}

      {forYouShown && (
        <Section id="para-vos" title="Para vos">
          <ul className="card-grid">
            {forYou.map((course, index) => (
              <li key={course.id}>
                <CourseCard
                  course={course}
                  priority={index < firstRowSize}
                  progress={progressOf(progress.data, course.id)}
                  topics={topics}
                  levels={levels}
                />
              </li>
            ))}
          </ul>
        </Section>
      )}

      <ContinueWatching items={continueRow} />

      <PromoBanner isSubscribed={subscription.data?.isSubscribed} />

      <FiltersBar
        filters={filtersMeta.data}
        subscription={subscription.data}
        state={state}
        onChange={setState}
        showClear={!nothingFound}
      />

      {nothingFound ? (
        <EmptyResults onClear={clearFilters} />
      ) : (
        <>
          <Section
            id="cursos"
            title="Cursos"
            more={{
              to: filtering ? `${coursesPath}?${filterQuery}` : coursesPath,
              label: 'Ver todos',
            }}
          >
            {courses.isPending ? (
              <SkeletonCards count={firstRowSize} gridClassName="card-grid" />
            ) : courses.isError ? (
              <LoadError onRetry={() => void courses.refetch()} />
            ) : courses.data.items.length === 0 ? (
              <NoneHere
                text={filtering ? 'No hay cursos con estos filtros.' : 'Todavía no hay cursos publicados.'}
              />
            ) : (
              <ul className="card-grid" aria-busy={courses.isPlaceholderData}>
                {courses.data.items.map((course, index) => (
                  <li key={course.id}>
                    <CourseCard
                      course={course}
                      priority={index < firstRowSize}
                      progress={progressOf(progress.data, course.id)}
                      topics={topics}
                      levels={levels}
                    />
                  </li>
                ))}
              </ul>
            )}
          </Section>

          <Section
            id="programas-y-packs"
            title="Programas & Packs"
            more={{ to: programsPath, label: 'Ver todos' }}
          >
            {programs.isPending ? (
              <Spinner label="Cargando programas…" />
            ) : programs.isError ? (
              <LoadError onRetry={programs.refetch} />
            ) : !programs.items || programs.items.length === 0 ? (
              <NoneHere
                text={
                  filtering ? 'No hay programas ni packs con estos filtros.' : 'Todavía no hay programas.'
                }
              />
            ) : (
              <ul className="card-grid program-grid">
                {programs.items.map((program) => (
                  <li key={program.id}>
                    <ProgramCardView program={program} progress={progressOf(progress.data, program.id)} />
                  </li>
                ))}
              </ul>
            )}
          </Section>
        </>
      )}

      {!filtering && (
        <Section id="eventos-pasados" title="Eventos pasados">
          {events.isPending ? (
            <Spinner label="Cargando eventos…" />
          ) : events.isError ? (
            <LoadError onRetry={() => void events.refetch()} />
          ) : (
            <ul className="card-grid event-grid">
              {events.data.items.map((event) => (
                <li key={event.id}>
                  <EventCard event={event} />
                </li>
              ))}
            </ul>
          )}
        </Section>
      )}

      <SearchOverlay open={searchOpen} onClose={() => setSearchOpen(false)} />
      <ExpiredPromoModal userId={user.data?.id ?? null} subscription={subscription.data} />
    </div>
  );
}

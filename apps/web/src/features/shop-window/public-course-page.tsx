import type { PublicCourse } from '@alcancia/contract';
import { Link, Navigate, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { academyCoursePath, plansPath, programDetailPath, programPurchasePath } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useIsLoggedIn } from '../../lib/use-session';
import { PriceWithoutNationalTaxes } from '../../shared/checkout/national-taxes';
import { Badge } from '../../ui/badge';
import { Banner } from '../../ui/banner';
import { ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/feedback';
import { usePublicCourse, usePublicFilters } from './shop-api';
import { CoverImage, coursePath, JoinLinks, labelOf, programPath, ShopNav } from './shop-parts';

/** "12 min", "1 h 05 min": the length of a module or a class, rounded to the minute (at least 1). */
export function lengthOf(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${String(minutes % 60).padStart(2, '0')} min`;
}

const sold = (course: PublicCourse) => course.type === 'PROGRAM' || course.type === 'PACK';

/** Where a learner with a session reads the same item in the academy. */
export function academyPathOf(id: string, kind: 'course' | 'program'): string {
  return kind === 'program' ? programDetailPath(id) : academyCoursePath(id);
}

/**
 * `/cursos/{courseId}` and `/programas/{programId}` (issue 30): a published item's public page —
 * cover, description, what she will learn, who teaches, the syllabus with lengths, level, free or
 * in which plans (or the program's price), and the call to register or buy. The server sends this
 * address's HTML with its own title, preview tags and JSON-LD (shop-window/public-pages.ts).
 */
export default function PublicCoursePage({ kind }: { kind: 'course' | 'program' }) {
  const params = useParams();
  const id = (kind === 'program' ? params.programId : params.courseId) ?? '';
  const loggedIn = useIsLoggedIn();
  const course = usePublicCourse(id);
  const filters = usePublicFilters();
  usePageTitle(course.data?.name ?? (kind === 'program' ? 'Programa' : 'Curso'));
  if (loggedIn) return <Navigate to={academyPathOf(id, kind)} replace />;

  if (course.isPending) return <Spinner label="Cargando…" />;
  if (course.isError) {
    const missing = course.error instanceof ApiError && course.error.status === 404;
    return (
      <div className="shop">
        <ShopNav />
        <h1>{missing ? 'No encontramos este curso' : 'No pudimos cargar este curso'}</h1>
        <Banner tone={missing ? 'info' : 'warning'} live="none">
          {missing
            ? 'Puede que ya no esté publicado. Mirá el resto del catálogo.'
            : 'Probá de nuevo en un momento.'}
        </Banner>
        <ButtonLink to="/cursos">Ver los cursos</ButtonLink>
      </div>
    );
  }

  const item = course.data;
  const here = sold(item) ? programPath(item.id) : coursePath(item.id);
  const level = labelOf(filters.data?.customFilters.level, item.level);
  const topic = labelOf(filters.data?.customFilters.topic, item.category);
  const totalSeconds = item.modules.reduce((sum, m) => sum + m.total_duration, 0);
  const paragraphs = (item.long_description || item.description).split('\n').filter((p) => p.trim());

  return (
    <div className="shop">
      <ShopNav />
      <article className="shop-course" aria-labelledby="shop-course-title">
        <div className="shop-course-head">
          <div className="stack">
            <p className="shop-tile-badges">
              {item.isFree && <Badge tone="success">Gratis</Badge>}
              {sold(item) && <Badge tone="accent">{item.type === 'PACK' ? 'Pack' : 'Programa'}</Badge>}
              {topic && <Badge>{topic}</Badge>}
              {level && <Badge>Nivel {level.toLowerCase()}</Badge>}
            </p>
            <h1 id="shop-course-title">{item.name}</h1>
            {item.description && <p>{item.description}</p>}
            <p className="shop-tile-counts">
              {item.modules.length} {item.modules.length === 1 ? 'módulo' : 'módulos'} · {item.classesAmount}{' '}
              {item.classesAmount === 1 ? 'clase' : 'clases'}
              {totalSeconds > 0 && ` · ${lengthOf(totalSeconds)} en total`}
            </p>
            <CoverImage
              cover={item.cover}
              thumbnail={item.thumbnail}
              priority
              sizes="(min-width: 1024px) 600px, 100vw"
            />
          </div>
          <Offer item={item} here={here} />
        </div>

        {item.outcomes.length > 0 && (
          <section className="shop-section" aria-labelledby="shop-outcomes">
            <h2 id="shop-outcomes">Lo que vas a aprender</h2>
            <ul>
              {item.outcomes.map((outcome) => (
                <li key={outcome}>{outcome}</li>
              ))}
            </ul>
          </section>
        )}

        {paragraphs.length > 0 && item.long_description && (
          <section className="shop-section" aria-labelledby="shop-about">
            <h2 id="shop-about">Sobre {sold(item) ? 'el programa' : 'el curso'}</h2>
            {paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </section>
        )}

        <section className="shop-section" aria-labelledby="shop-teacher">
          <h2 id="shop-teacher">Quién enseña</h2>
          {item.teacher ? (
            <p>
              <strong>{item.teacher.name}</strong>. {item.teacher.bio}
            </p>
          ) : (
            <p>El equipo de Alcancía.</p>
          )}
        </section>

        {item.items.length > 0 && (
          <section className="shop-section" aria-labelledby="shop-pack-items">
            <h2 id="shop-pack-items">Qué incluye</h2>
            <ul>
              {item.items.map((included) => (
                <li key={included.id}>
                  <Link
                    to={
                      included.type === 'PROGRAM' || included.type === 'PACK'
                        ? programPath(included.id)
                        : coursePath(included.id)
                    }
                  >
                    {included.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}

        {item.modules.length > 0 && (
          <section className="shop-section" aria-labelledby="shop-syllabus">
            <h2 id="shop-syllabus">Programa del curso</h2>
            <ol className="shop-syllabus">
              {item.modules.map((module) => (
                <li key={module.id}>
                  <Card title={`Módulo ${module.order}: ${module.name}`} titleLevel={3} padded>
                    <p className="shop-duration">
                      {module.total_sections} {module.total_sections === 1 ? 'sección' : 'secciones'}
                      {module.total_duration > 0 && ` · ${lengthOf(module.total_duration)}`}
                    </p>
                    <ol>
                      {module.sections
                        .filter((section) => section.type !== 'EMPTY')
                        .map((section) => (
                          <li key={section.id}>
                            <span>{section.name}</span>
                            <span className="shop-duration">
                              {section.type === 'CLASS' ? lengthOf(section.duration) : 'Material descargable'}
                            </span>
                          </li>
                        ))}
                    </ol>
                  </Card>
                </li>
              ))}
            </ol>
          </section>
        )}
      </article>
    </div>
  );
}

/** How she gets it: free with an account, with any plan, or the program's price and sale window. */
function Offer({ item, here }: { item: PublicCourse; here: string }) {
  const offer = item.offer;
  if (item.isFree) {
    return (
      <Card as="section" title="Gratis con tu cuenta" titleLevel={2} padded className="shop-course-offer">
        <p>Creá tu cuenta y empezá ahora: no necesitás suscripción ni tarjeta.</p>
        <JoinLinks from={here} />
      </Card>
    );
  }
  if (offer) {
    const audience =
      offer.audience === 'ONLY_SUBSCRIBERS'
        ? 'Solo para suscriptoras: primero elegí un plan.'
        : offer.audience === 'ONLY_UNSUBSCRIBERS'
          ? 'Para quienes no tienen una suscripción.'
          : null;
    const window =
      offer.saleStatus === 'BEFORE' && offer.saleable_start_date
        ? `A la venta desde el ${formatDate(offer.saleable_start_date)}.`
        : offer.saleStatus === 'AFTER'
          ? 'La venta de este programa terminó.'
          : offer.saleable_end_date
            ? `A la venta hasta el ${formatDate(offer.saleable_end_date)}.`
            : null;
    return (
      <Card
        as="section"
        title="Compralo una vez, es tuyo"
        titleLevel={2}
        padded
        className="shop-course-offer"
      >
        <p className="shop-price">
          {formatMoney(offer.price)}
          {offer.regularPrice !== null && offer.regularPrice > offer.price && (
            <>
              {' '}
              <del className="shop-duration">
                <span className="visually-hidden">Antes </span>
                {formatMoney(offer.regularPrice)}
              </del>
            </>
          )}
        </p>
        <PriceWithoutNationalTaxes centavos={offer.price} />
        {offer.installments > 1 && <p>Hasta {offer.installments} cuotas.</p>}
        {window && <p>{window}</p>}
        {audience && <p>{audience}</p>}
        {offer.saleStatus === 'OPEN' && (
          <ButtonLink block to={`${programPurchasePath}/identificacion/${encodeURIComponent(item.id)}`}>
            Comprar
          </ButtonLink>
        )}
        <JoinLinks from={here} />
      </Card>
    );
  }
  return (
    <Card as="section" title="Incluido en los planes" titleLevel={2} padded className="shop-course-offer">
      {item.plans.length > 0 ? (
        <p>Lo abrís con cualquiera de estos planes: {item.plans.map((plan) => plan.name).join(', ')}.</p>
      ) : (
        <p>Lo abrís con una suscripción.</p>
      )}
      <ButtonLink block to={plansPath}>
        Ver los planes
      </ButtonLink>
      <JoinLinks from={here} />
    </Card>
  );
}

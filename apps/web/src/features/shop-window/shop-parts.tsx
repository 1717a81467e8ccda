import type { AcademyFilters, CourseCard, Cover, ProgramCard } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatMoney } from '../../lib/format';
import { useIntentPrefetch } from '../../lib/intent-prefetch';
import { rememberReturnPath } from '../../lib/return-path';
import { Badge } from '../../ui/badge';
import { ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { publicCourseQuery } from './shop-api';
import './shop-window.css';
import { loginPath, plansPath, programsPath, registerPath } from '../../lib/paths';
import { PriceWithoutNationalTaxes } from '../../shared/checkout/national-taxes';

/** A course's public page: the same chunk as the router's lazy route (same module). */
const loadPublicCoursePage = () => import('./public-course-page');

/** The page paths of the shop window (the server's sitemap uses the same ones). */
export const coursePath = (id: string) => `/cursos/${encodeURIComponent(id)}`;
export const programPath = (id: string) => `${programsPath}/${encodeURIComponent(id)}`;

/**
 * Register and log in from a shop-window page: both carry the page as followingPage, and the page
 * is kept for the validation link that opens later from her mail (lib/return-path.ts).
 */
export function JoinLinks({
  from,
  registerLabel = 'Creá tu cuenta gratis',
}: {
  from: string;
  registerLabel?: string;
}) {
  return (
    <div className="shop-join">
      <ButtonLink to={registerPath} state={{ followingPage: from }} onClick={() => rememberReturnPath(from)}>
        {registerLabel}
      </ButtonLink>
      <ButtonLink
        variant="secondary"
        to={loginPath}
        state={{ followingPage: from }}
        onClick={() => rememberReturnPath(from)}
      >
        Iniciá sesión
      </ButtonLink>
    </div>
  );
}

/** The shop window's own bar under the brand: the catalogue, the plans and the way in. */
export function ShopNav() {
  return (
    <nav className="shop-nav" aria-label="Alcancía">
      <ul>
        <li>
          <Link to="/cursos">Cursos</Link>
        </li>
        <li>
          <Link to={plansPath}>Planes</Link>
        </li>
        <li>
          <Link to={loginPath}>Iniciá sesión</Link>
        </li>
        <li>
          <ButtonLink size="small" to={registerPath}>
            Creá tu cuenta
          </ButtonLink>
        </li>
      </ul>
    </nav>
  );
}

/** A 16:9 picture: the cover in its sizes, else the thumbnail, else the brand's pattern. */
export function CoverImage({
  cover,
  thumbnail,
  priority = false,
  sizes = '(min-width: 1024px) 300px, (min-width: 600px) 45vw, 100vw',
}: {
  cover: Cover | null;
  thumbnail: string | null;
  priority?: boolean;
  sizes?: string;
}) {
  const common = {
    loading: priority ? ('eager' as const) : ('lazy' as const),
    fetchPriority: priority ? ('high' as const) : ('auto' as const),
    decoding: 'async' as const,
  };
  if (cover) {
    return (
      <img
        className="shop-cover"
        alt=""
        src={cover.src}
        srcSet={
          cover.srcset.length > 0 ? cover.srcset.map((s) => `${s.src} ${s.width}w`).join(', ') : undefined
        }
        sizes={cover.srcset.length > 0 ? sizes : undefined}
        width={cover.width}
        height={cover.height}
        {...common}
      />
    );
  }
  if (thumbnail)
    return <img className="shop-cover" alt="" src={thumbnail} width={320} height={180} {...common} />;
  return <div className="shop-cover shop-cover-fallback" aria-hidden="true" />;
}

type Colored = AcademyFilters['customFilters']['topic'][number];

export function labelOf(list: Colored[] | undefined, value: string | null): string | null {
  if (!value) return null;
  return list?.find((item) => item.value === value)?.label ?? null;
}

/** A course of the public catalogue: one link to its page. */
export function CourseTile({
  course,
  filters,
  priority = false,
}: {
  course: CourseCard;
  filters: AcademyFilters | undefined;
  priority?: boolean;
}) {
  const level = labelOf(filters?.customFilters.level, course.level);
  const topic = labelOf(filters?.customFilters.topic, course.category);
  const queryClient = useQueryClient();
  // the link covers the whole tile: hovering, touching or focusing it prefetches the course's page
  const prefetch = useIntentPrefetch(() => {
    void loadPublicCoursePage().catch(() => undefined);
    void queryClient.prefetchQuery(publicCourseQuery(course.id));
  });
  return (
    <Card
      as="li"
      interactive
      media={<CoverImage cover={course.cover} thumbnail={course.thumbnail} priority={priority} />}
      title={
        <Link className="shop-tile-link" to={coursePath(course.id)} {...prefetch}>
          {course.name}
        </Link>
      }
    >
      <p className="shop-tile-badges">
        {course.isFree ? <Badge tone="success">Gratis</Badge> : <Badge tone="primary">Con tu plan</Badge>}
        {topic && <Badge>{topic}</Badge>}
        {level && <Badge>{level}</Badge>}
      </p>
      <p className="shop-tile-counts">
        {course.modulesAmount} {course.modulesAmount === 1 ? 'módulo' : 'módulos'} · {course.classesAmount}{' '}
        {course.classesAmount === 1 ? 'clase' : 'clases'}
      </p>
    </Card>
  );
}

export function ProgramTile({ program }: { program: ProgramCard }) {
  return (
    <Card
      as="li"
      interactive
      media={<CoverImage cover={program.cover} thumbnail={program.thumbnail} />}
      title={
        <Link className="shop-tile-link" to={programPath(program.id)}>
          {program.name}
        </Link>
      }
    >
      <p className="shop-tile-badges">
        <Badge tone="accent">{program.type === 'PACK' ? 'Pack' : 'Programa'}</Badge>
        {program.discountApplied > 0 && <Badge tone="warning">{program.discountApplied}% off</Badge>}
      </p>
      {program.price !== null && (
        <>
          <p className="shop-price">{formatMoney(program.price)}</p>
          <PriceWithoutNationalTaxes centavos={program.price} />
        </>
      )}
    </Card>
  );
}

/** A placeholder grid while a list loads: the same boxes, so nothing moves when it arrives. */
export function TileSkeletons({ count }: { count: number }) {
  return (
    <ul className="shop-grid" aria-hidden="true">
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
        <Card as="li" key={i} className="shop-skeleton" />
      ))}
    </ul>
  );
}

export function Section({
  title,
  id,
  children,
  action,
}: {
  title: string;
  id: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <section className="shop-section" aria-labelledby={id}>
      <div className="shop-section-head">
        <h2 id={id}>{title}</h2>
        {action}
      </div>
      {children}
    </section>
  );
}

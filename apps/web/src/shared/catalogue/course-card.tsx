import type { AcademyFilters, CourseCard as Course, Cover, EventCard as Event } from '@alcancia/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { track } from '../../lib/analytics';
import { useIntentPrefetch } from '../../lib/intent-prefetch';
import { Card } from '../../ui/card';
import { Icon } from '../../ui/icons';
import { ProgressBar as SharedProgressBar } from '../../ui/progress-bar';
import { courseCardTarget } from './card-rules';
import { percent } from './catalog-api';
import { prefetchCoursePage } from './course-prefetch';
import './card-cover.css';
import { academyCoursePath } from '../../lib/paths';

type Colored = AcademyFilters['customFilters']['topic'][number];

/** How wide a course or event card is at each layout of the grids (academy.css), for srcset. */
export const courseCardSizes =
  '(min-width: 1440px) 330px, (min-width: 1024px) 30vw, (min-width: 375px) 50vw, 100vw';

/**
 * A card's 16:9 image: the item's illustrated cover in the sizes it comes in (srcset), else its
 * thumbnail, else a drawn brand pattern (no text). Width and height reserve its box before it
 * loads. `priority` for the cards of the first row: the largest image of the first screen (LCP)
 * loads at once with a high priority; every other card's image loads as it comes near (lazy).
 */
export function Thumbnail({
  src,
  cover = null,
  className,
  priority = false,
  sizes = courseCardSizes,
}: {
  src: string | null;
  cover?: Cover | null;
  className?: string;
  priority?: boolean;
  sizes?: string;
}) {
  const loading = priority ? 'eager' : 'lazy';
  const fetchPriority = priority ? 'high' : 'auto';
  let image = null;
  if (cover) {
    image = (
      <img
        src={cover.src}
        srcSet={
          cover.srcset.length > 0 ? cover.srcset.map((s) => `${s.src} ${s.width}w`).join(', ') : undefined
        }
        sizes={cover.srcset.length > 0 ? sizes : undefined}
        alt=""
        width={cover.width}
        height={cover.height}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    );
  } else if (src) {
    image = (
      <img
        src={src}
        alt=""
        width={320}
        height={180}
        loading={loading}
        fetchPriority={fetchPriority}
        decoding="async"
      />
    );
  }
  const classes = ['card-media', image ? null : 'card-media-fallback', className].filter(Boolean);
  return <div className={classes.join(' ')}>{image}</div>;
}

/** A card's progress: its fraction as the shared bar's whole percentage. */
export function ProgressBar({ fraction, label }: { fraction: number; label: string }) {
  return <SharedProgressBar value={percent(fraction)} label={label} />;
}

function Chip({ item }: { item: Colored | undefined }) {
  if (!item) return null;
  return (
    <span className="chip" style={{ color: item.color, background: item.backgroundColor }}>
      {item.label}
    </span>
  );
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * A course card: cover, first tag as a badge, name, topic and level, then the progress bar
 * (access and progress) or the counts of modules and classes, with a lock when inaccessible. The
 * card leads to the course, or to the subscription plans when the user may not open it.
 */
export function CourseCard({
  course,
  progress,
  topics,
  levels,
  headingLevel = 3,
  priority = false,
}: {
  course: Course;
  progress: number | null;
  topics?: readonly Colored[];
  levels?: readonly Colored[];
  headingLevel?: 2 | 3;
  /** a card of the first row (see Thumbnail) */
  priority?: boolean;
}) {
  const target = courseCardTarget(course, progress);
  const queryClient = useQueryClient();
  // the link covers the whole card: hovering, touching or focusing it prefetches the course page
  const prefetch = useIntentPrefetch(() => prefetchCoursePage(queryClient, course));
  return (
    <Card
      as="article"
      className="course-card"
      cover={
        <>
          <Thumbnail src={course.thumbnail} cover={course.cover} priority={priority} />
          {course.badge && <span className="card-badge">{course.badge}</span>}
        </>
      }
      titleLevel={headingLevel}
      title={
        <Link
          to={target.to}
          className="card-link"
          {...prefetch}
          onClick={() => track(`academy_courseCard_click_${target.event}`, { courseId: course.id })}
        >
          {course.name}
          {!course.isAccessibleByUser && <span className="visually-hidden"> (requiere suscripción)</span>}
        </Link>
      }
      footer={
        <>
          {course.isAccessibleByUser && progress !== null ? (
            <ProgressBar fraction={progress} label={`Progreso de ${course.name}`} />
          ) : (
            <p className="card-counts">
              {plural(course.modulesAmount, 'módulo', 'módulos')} ·{' '}
              {plural(course.classesAmount, 'clase', 'clases')}
            </p>
          )}
          {!course.isAccessibleByUser && (
            <span className="card-lock" title="Requiere suscripción">
              <Icon name="lock" size={20} />
            </span>
          )}
        </>
      }
    >
      <div className="chips">
        <Chip item={topics?.find((t) => t.value === course.category)} />
        <Chip item={levels?.find((l) => l.value === course.level)} />
      </div>
    </Card>
  );
}

/** Events are four a row from 1024 px (academy.css). */
const eventCardSizes = '(min-width: 1440px) 330px, (min-width: 1024px) 23vw, (min-width: 375px) 50vw, 100vw';

/** A past event opens its page: its classes, or (locked) what it holds and the plans (decision 74). */
export function EventCard({ event }: { event: Event }) {
  const to = academyCoursePath(event.id);
  return (
    <Card
      as="article"
      className="event-card"
      cover={<Thumbnail src={event.thumbnail} cover={event.cover} sizes={eventCardSizes} />}
      title={
        <Link
          to={to}
          className="card-link"
          onClick={() =>
            track(`academy_courseCard_click_${event.isAccessibleByUser ? 'continue' : 'purchase'}`, {
              courseId: event.id,
            })
          }
        >
          {event.name}
          {!event.isAccessibleByUser && <span className="visually-hidden"> (requiere suscripción)</span>}
        </Link>
      }
      footer={
        <>
          <p className="card-counts">{plural(event.classesAmount, 'clase', 'clases')}</p>
          {!event.isAccessibleByUser && (
            <span className="card-lock" title="Requiere suscripción">
              <Icon name="lock" size={20} />
            </span>
          )}
        </>
      }
    />
  );
}

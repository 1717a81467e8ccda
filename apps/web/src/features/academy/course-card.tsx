import type { AcademyFilters, CourseCard as Course, EventCard as Event } from '@alcancia/contract';
import { Link } from 'react-router';
import { track } from '../../lib/analytics';
import { Icon } from '../../ui/icons';
import { ProgressBar as SharedProgressBar } from '../../ui/progress-bar';
import { courseCardTarget } from './card-rules';
import { percent } from './catalog-api';

type Colored = AcademyFilters['customFilters']['topic'][number];

/**
 * A card's 16:9 image. `priority` for the cards of the first row: the largest image of the first
 * screen (LCP) must not wait for the lazy-loading heuristics.
 */
export function Thumbnail({
  src,
  className,
  priority = false,
}: {
  src: string | null;
  className?: string;
  priority?: boolean;
}) {
  return (
    <div className={className ? `card-media ${className}` : 'card-media'}>
      {src ? (
        <img
          src={src}
          alt=""
          width={320}
          height={180}
          loading={priority ? 'eager' : 'lazy'}
          fetchPriority={priority ? 'high' : 'auto'}
          decoding="async"
        />
      ) : null}
    </div>
  );
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
 * A course card: thumbnail, first tag as a badge, name, topic and level, then the progress bar
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
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="card course-card">
      <Thumbnail src={course.thumbnail} priority={priority} />
      {course.badge && <span className="card-badge">{course.badge}</span>}
      <div className="card-body">
        <Heading className="card-title">
          <Link
            to={target.to}
            className="card-link"
            onClick={() => track(`academy_courseCard_click_${target.event}`, { courseId: course.id })}
          >
            {course.name}
            {!course.isAccessibleByUser && <span className="visually-hidden"> (requiere suscripción)</span>}
          </Link>
        </Heading>
        <div className="chips">
          <Chip item={topics?.find((t) => t.value === course.category)} />
          <Chip item={levels?.find((l) => l.value === course.level)} />
        </div>
        <div className="card-footer">
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
        </div>
      </div>
    </article>
  );
}

/** A past event: accessible ones open the course, the others lead to the plans. */
export function EventCard({ event }: { event: Event }) {
  const to = event.isAccessibleByUser ? `/academy/${encodeURIComponent(event.id)}` : '/compra/suscripcion';
  return (
    <article className="card event-card">
      <Thumbnail src={event.thumbnail} />
      <div className="card-body">
        <h3 className="card-title">
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
        </h3>
        <div className="card-footer">
          <p className="card-counts">{plural(event.classesAmount, 'clase', 'clases')}</p>
          {!event.isAccessibleByUser && (
            <span className="card-lock" title="Requiere suscripción">
              <Icon name="lock" size={20} />
            </span>
          )}
        </div>
      </div>
    </article>
  );
}

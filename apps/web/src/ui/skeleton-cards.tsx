import './skeleton-cards.css';

/**
 * Cards still without their data (issue 30, "a fast first view"): the grid's own boxes, each the
 * shape of a course card (16:9 cover, title, badges, counts) at the size of a real one, so nothing
 * moves when the cards arrive. The shapes are hidden from assistive technology; one visually
 * hidden status says what is loading. `gridClassName` is the grid the real cards use.
 */
export function SkeletonCards({
  count,
  gridClassName,
  label = 'Cargando cursos…',
}: {
  count: number;
  gridClassName: string;
  label?: string;
}) {
  return (
    <div className="skeleton-cards">
      <p role="status" className="visually-hidden">
        {label}
      </p>
      <ul className={gridClassName} aria-hidden="true">
        {Array.from({ length: count }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders without identity
          <li key={i} className="card skeleton-card">
            <div className="card-media skeleton-shape" />
            <div className="card-body">
              <span className="card-title skeleton-shape skeleton-title" />
              <span className="card-title skeleton-shape skeleton-title skeleton-title-more" />
              <span className="skeleton-shape skeleton-chips" />
              <span className="skeleton-shape skeleton-counts" />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

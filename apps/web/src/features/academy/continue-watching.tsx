import type { ContinueWatchingItem } from '@alcancia/contract';
import { Link } from 'react-router';
import { track } from '../../lib/analytics';
import { percent } from '../../shared/catalogue/catalog-api';
import { ProgressBar } from '../../ui/progress-bar';
import { resumePath } from './continue-rules';

/**
 * "Seguí viendo": the courses she started and has not finished, most recent first; each card
 * names the course and the class to watch next and resumes there. Not rendered when empty.
 */
export function ContinueWatching({ items }: { items: readonly ContinueWatchingItem[] }) {
  if (items.length === 0) return null;
  return (
    <section className="continue-section" aria-labelledby="segui-viendo">
      <div className="section-header">
        <h2 id="segui-viendo">Seguí viendo</h2>
      </div>
      <ul className="continue-grid">
        {items.map((item) => (
          <li key={item.course_id}>
            <article className="continue-card">
              <h3 className="continue-title">
                <Link
                  to={resumePath(item)}
                  className="card-link"
                  onClick={() =>
                    track('academy_courseCard_click_continue', { courseId: item.course_id, from: 'continue' })
                  }
                >
                  {item.name}
                </Link>
              </h3>
              <p className="continue-next">
                <span className="continue-next-label">Próxima clase:</span> {item.section_name}
              </p>
              <ProgressBar value={percent(item.fraction)} label={`Progreso de ${item.name}`} />
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}

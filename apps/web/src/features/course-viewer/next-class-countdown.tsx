import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { type PlacedSection, sectionPath } from './course-navigation';

/** Seconds between a class's end and the next one (issue 30). */
export const nextClassDelaySeconds = 5;

/**
 * "Siguiente clase en 5 s" after a class ends, with a way to stay: the next section opens when the
 * count reaches 0 unless she chooses "Quedarme en esta clase" (or plays the class again: `onStay`
 * is also what the player calls then).
 */
export function NextClassCountdown({
  courseId,
  next,
  onStay,
}: {
  courseId: string;
  next: PlacedSection;
  onStay(): void;
}) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(nextClassDelaySeconds);
  useEffect(() => {
    if (left <= 0) {
      navigate(sectionPath(courseId, next.section.id));
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [left, navigate, courseId, next.section.id]);

  return (
    <section className="cv-next" aria-label="Siguiente clase">
      <p className="cv-next-text">
        {/* announced once, not every second */}
        <span aria-hidden="true">Siguiente clase en {left} s</span>
        <span className="visually-hidden" role="status">
          La siguiente clase empieza en {nextClassDelaySeconds} segundos.
        </span>
        <span className="cv-next-name">{next.section.name}</span>
      </p>
      <Button variant="secondary" onClick={onStay}>
        Quedarme en esta clase
      </Button>
    </section>
  );
}

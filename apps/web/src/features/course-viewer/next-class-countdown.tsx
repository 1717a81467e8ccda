import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../ui/button';
import { type PlacedSection, sectionPath } from './course-navigation';

/** Seconds between a class's end and the next one (issue 30). */
export const nextClassDelaySeconds = 5;

/**
 * "Siguiente clase en 5 s" after a class ends, with a way to stay: the next section opens when the
 * count reaches 0 unless she chooses "Quedarme en esta clase" (or plays the class again: `onStay`
 * is also what the player calls then). The count holds while she is on the notice (keyboard focus
 * or the pointer inside it), so reading it, or reaching its button with a screen reader, never
 * races the clock (WCAG 2.2.1, a time limit the user can stop or extend).
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
  const [focused, setFocused] = useState(false);
  const [pointed, setPointed] = useState(false);
  const held = focused || pointed;
  useEffect(() => {
    if (held) return;
    if (left <= 0) {
      navigate(sectionPath(courseId, next.section.id));
      return;
    }
    const timer = window.setTimeout(() => setLeft((n) => n - 1), 1000);
    return () => window.clearTimeout(timer);
  }, [held, left, navigate, courseId, next.section.id]);

  return (
    <section
      className="cv-next"
      aria-label="Siguiente clase"
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onPointerEnter={() => setPointed(true)}
      onPointerLeave={() => setPointed(false)}
    >
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

import type { Course, CourseModule, Section } from '@alcancia/contract';
import { useEffect, useId, useRef, useState } from 'react';
import { readCredentials } from '../../lib/session';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { ProgressBar } from '../../ui/progress-bar';
import { canKeepClasses, findKept, KeepError, keepClass, removeKept } from './kept-classes';
import { formatBytes, type KeptClass } from './offline-keeping';

type State =
  | { kind: 'checking' }
  | { kind: 'none' }
  | { kind: 'keeping'; share: number }
  | { kind: 'kept'; kept: KeptClass }
  | { kind: 'failed'; message: string };

/**
 * "Guardar sin conexión" under a class (issue 44, decision 0360): keeps its audio, transcript and
 * its module's materials on her device, with their size; a kept class says so and can be removed.
 * Loaded apart from the player (lazy), so the viewer's first load is unchanged.
 */
export default function KeepOffline({
  course,
  module,
  section,
}: {
  course: Course;
  module: CourseModule;
  section: Section;
}) {
  const [state, setState] = useState<State>({ kind: 'checking' });
  const abort = useRef<AbortController | null>(null);
  const headingId = useId();
  const hintId = useId();

  useEffect(() => {
    let cancelled = false;
    findKept(course.id, section.id)
      .then((kept) => {
        if (!cancelled) setState(kept ? { kind: 'kept', kept } : { kind: 'none' });
      })
      .catch(() => !cancelled && setState({ kind: 'none' }));
    return () => {
      cancelled = true;
      abort.current?.abort();
    };
  }, [course.id, section.id]);

  if (!canKeepClasses() || !section.section_url) return null;
  const keep = async () => {
    const userId = readCredentials()?.userId;
    if (!userId) return;
    abort.current = new AbortController();
    setState({ kind: 'keeping', share: 0 });
    try {
      const kept = await keepClass(
        { userId, course, module, section },
        { signal: abort.current.signal, onProgress: (share) => setState({ kind: 'keeping', share }) },
      );
      setState({ kind: 'kept', kept });
    } catch (error) {
      if (abort.current?.signal.aborted) return;
      setState({
        kind: 'failed',
        message:
          error instanceof KeepError ? error.message : 'No pudimos guardar la clase. Volvé a intentar.',
      });
    }
  };
  const remove = async () => {
    await removeKept(course.id, section.id);
    setState({ kind: 'none' });
  };

  return (
    <section className="cv-keep" aria-labelledby={headingId}>
      <h2 id={headingId} className="cv-below-title">
        Sin conexión
      </h2>
      {state.kind === 'kept' ? (
        <div className="cv-keep-row">
          <p className="cv-keep-text">Guardada en este teléfono · {formatBytes(state.kept.bytes)}</p>
          <ButtonLink to="/guardadas" variant="secondary" size="small">
            Escuchar sin conexión
          </ButtonLink>
          <Button variant="ghost" size="small" onClick={() => void remove()}>
            Quitar del teléfono
          </Button>
        </div>
      ) : state.kind === 'keeping' ? (
        <div className="cv-keep-row">
          <ProgressBar value={Math.round(state.share * 100)} label="Guardando la clase en este teléfono" />
          <Button
            variant="ghost"
            size="small"
            onClick={() => {
              abort.current?.abort();
              setState({ kind: 'none' });
            }}
          >
            Cancelar
          </Button>
        </div>
      ) : (
        <div className="cv-keep-row">
          <Button
            variant="secondary"
            size="small"
            aria-describedby={hintId}
            disabled={state.kind === 'checking'}
            onClick={() => void keep()}
          >
            Guardar sin conexión
          </Button>
          <p id={hintId} className="cv-keep-text">
            El audio, la transcripción y los materiales quedan en este teléfono para escucharla sin datos.
          </p>
        </div>
      )}
      {state.kind === 'failed' && (
        <Banner tone="danger">
          <p>{state.message}</p>
        </Banner>
      )}
    </section>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { track } from '../../lib/analytics';
import { academyCoursePath, plansPath } from '../../lib/paths';
import { courseCardTarget } from '../../shared/catalogue/card-rules';
import { useSearch } from '../../shared/catalogue/catalog-api';
import { programDetailPath } from '../../shared/catalogue/program-rules';
import { Banner } from '../../ui/banner';
import { Dialog } from '../../ui/dialog';
import { Spinner } from '../../ui/feedback';
import { FieldHint } from '../../ui/field-hint';
import { Icon } from '../../ui/icons';
import { emptySearchHint, emptySearchText } from './empty-results';
import { searchMinLength, searchPauseMs, searchTextToRun } from './filter-rules';

/**
 * The search overlay: searches from 3 characters, after an 800 ms pause (Enter searches at
 * once); clearing the text resets it. Results are never cached. The "at least 3 letters" hint
 * shows only while the text is shorter.
 */
export function SearchOverlay({ open, onClose }: { open: boolean; onClose(): void }) {
  const [text, setText] = useState('');
  const [submitted, setSubmitted] = useState<string | null>(null);
  const inputId = useId();
  const hintId = useId();
  const result = useSearch(submitted);
  const reported = useRef<string | null>(null);

  useEffect(() => {
    const next = searchTextToRun(text);
    if (next === null) {
      setSubmitted(null);
      return;
    }
    const timer = setTimeout(() => setSubmitted(next), searchPauseMs);
    return () => clearTimeout(timer);
  }, [text]);

  useEffect(() => {
    if (submitted === null) {
      reported.current = null;
      return;
    }
    track('academy_search_submit_click', { search: submitted });
  }, [submitted]);

  useEffect(() => {
    if (submitted === null || reported.current === submitted) return;
    if (result.isSuccess) {
      reported.current = submitted;
      const count = result.data.courses.length + result.data.programs.length + result.data.events.length;
      track('academy_search_submit_success', { search: submitted, results: count });
    } else if (result.isError) {
      reported.current = submitted;
      track('academy_search_submit_error', { search: submitted, error: result.error.message });
    }
  }, [submitted, result.isSuccess, result.isError, result.data, result.error]);

  function close() {
    setText('');
    setSubmitted(null);
    onClose();
  }

  const data = submitted !== null ? result.data : undefined;
  const needsMore = searchTextToRun(text) === null;
  const total = data ? data.courses.length + data.programs.length + data.events.length : 0;

  return (
    <Dialog open={open} onClose={close} title="Buscar en la academia" className="dialog-search">
      <search>
        <form
          className="search-form"
          onSubmit={(event) => {
            event.preventDefault();
            setSubmitted(searchTextToRun(text));
          }}
        >
          <label htmlFor={inputId} className="visually-hidden">
            Buscar cursos, programas y eventos
          </label>
          <div className="search-box">
            <Icon name="search" size={20} />
            <input
              id={inputId}
              type="search"
              className="search-input"
              placeholder="Buscá cursos, programas y eventos"
              value={text}
              onChange={(event) => setText(event.target.value)}
              aria-describedby={needsMore ? hintId : undefined}
              autoComplete="off"
              data-autofocus
            />
          </div>
          {/* The hint leaves once she typed enough to search (issue 20). */}
          {needsMore && <FieldHint id={hintId}>Escribí al menos {searchMinLength} letras.</FieldHint>}
        </form>
      </search>
      <div className="search-results" aria-live="polite">
        {submitted !== null && result.isFetching && <Spinner label="Buscando…" />}
        {submitted !== null && result.isError && (
          <Banner tone="danger">No pudimos buscar. Intentá nuevamente en unos minutos.</Banner>
        )}
        {data && !result.isFetching && total === 0 && (
          <div className="empty-state">
            <p className="empty-state-title">{emptySearchText}</p>
            <p>{emptySearchHint}</p>
          </div>
        )}
        {data && !result.isFetching && total > 0 && (
          <>
            <p className="visually-hidden">
              {total === 1 ? '1 resultado' : `${total} resultados`} para {submitted}
            </p>
            {data.courses.length > 0 && (
              <ResultGroup title="Cursos">
                {data.courses.map((course) => (
                  <li key={course.id}>
                    <Link to={courseCardTarget(course, null).to} onClick={close} className="search-result">
                      <span>{course.name}</span>
                      {!course.isAccessibleByUser && (
                        <span className="search-result-note">
                          <Icon name="lock" size={16} /> Requiere suscripción
                        </span>
                      )}
                    </Link>
                  </li>
                ))}
              </ResultGroup>
            )}
            {data.programs.length > 0 && (
              <ResultGroup title="Programas y Packs">
                {data.programs.map((program) => (
                  <li key={program.id}>
                    <Link
                      to={
                        program.isAccessibleByUser
                          ? academyCoursePath(program.id)
                          : programDetailPath(program.id)
                      }
                      onClick={close}
                      className="search-result"
                    >
                      <span>{program.name}</span>
                      <span className="search-result-note">
                        {program.type === 'PACK' ? 'Pack' : 'Programa'}
                      </span>
                    </Link>
                  </li>
                ))}
              </ResultGroup>
            )}
            {data.events.length > 0 && (
              <ResultGroup title="Eventos pasados">
                {data.events.map((event) => (
                  <li key={event.id}>
                    <Link
                      to={event.isAccessibleByUser ? academyCoursePath(event.id) : plansPath}
                      onClick={close}
                      className="search-result"
                    >
                      <span>{event.name}</span>
                      {!event.isAccessibleByUser && (
                        <span className="search-result-note">
                          <Icon name="lock" size={16} /> Requiere suscripción
                        </span>
                      )}
                    </Link>
                  </li>
                ))}
              </ResultGroup>
            )}
          </>
        )}
      </div>
    </Dialog>
  );
}

function ResultGroup({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="search-group">
      <h3 id={id}>{title}</h3>
      <ul>{children}</ul>
    </section>
  );
}

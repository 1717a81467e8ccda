import { aladinaQuestionMaxLength } from '@alcancia/contract/aladina';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { Banner } from '../../ui/banner';
import { Button } from '../../ui/button';
import { Field, FieldBox, FieldError, FieldLabel, fieldInputClass } from '../../ui/field-parts';
import { type AnswerState, askAladina, rateAnswer } from './aladina-api';
import { AnswerText } from './answer-text';
import './aladina.css';

interface Exchange {
  id: number;
  question: string;
  answer: AnswerState;
  error: string | null;
  rating: 'up' | 'down' | null;
}

const emptyAnswer: AnswerState = { meta: null, text: '', done: null };

/**
 * /aladina (issue 42): her conversation with the academy's assistant. Each answer arrives as it is
 * written, cites the moments of the classes ("Clase · mm:ss", each a link to the viewer at that
 * second) and can be rated. Nothing of the conversation is kept on her device.
 */
export default function AladinaPage() {
  usePageTitle('Aladina');
  const [question, setQuestion] = useState('');
  const [exchanges, setExchanges] = useState<Exchange[]>([]);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const next = useRef(1);
  const fieldId = useId();
  const hintId = useId();
  const errorId = useId();

  const update = (id: number, change: Partial<Exchange>) =>
    setExchanges((list) => list.map((e) => (e.id === id ? { ...e, ...change } : e)));

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = question.trim();
    if (!text) {
      setFormError('Escribí tu pregunta.');
      return;
    }
    setFormError(null);
    const id = next.current++;
    setExchanges((list) => [...list, { id, question: text, answer: emptyAnswer, error: null, rating: null }]);
    setQuestion('');
    setBusy(true);
    try {
      const final = await askAladina(text, (answer) => update(id, { answer }));
      update(id, { answer: final });
    } catch (error) {
      const message =
        error instanceof ApiError
          ? error.message
          : 'No pudimos conectarnos. Revisá tu conexión e intentá nuevamente.';
      update(id, { error: message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="aladina" aria-labelledby="aladina-title">
      <h1 id="aladina-title" className="aladina-title">
        Aladina
      </h1>
      <p className="aladina-intro">
        Preguntale a Aladina lo que quieras de finanzas personales: te responde con lo que enseñan las clases
        de Alcancía y te lleva al momento exacto de cada clase. No da recomendaciones de inversión
        personalizadas.
      </p>
      <ol className="aladina-exchanges" aria-label="Conversación">
        {exchanges.map((exchange) => (
          <li key={exchange.id} className="aladina-exchange">
            <p className="aladina-question">
              <span className="visually-hidden">Tu pregunta: </span>
              {exchange.question}
            </p>
            <ExchangeAnswer exchange={exchange} onRate={(rating) => update(exchange.id, { rating })} />
          </li>
        ))}
      </ol>
      <form className="aladina-form" onSubmit={submit} noValidate>
        <Field invalid={formError !== null}>
          <FieldLabel htmlFor={fieldId}>Tu pregunta</FieldLabel>
          <FieldBox>
            <textarea
              id={fieldId}
              className={fieldInputClass('aladina-input')}
              rows={3}
              maxLength={aladinaQuestionMaxLength}
              value={question}
              aria-describedby={formError ? `${hintId} ${errorId}` : hintId}
              aria-invalid={formError !== null}
              onChange={(event) => setQuestion(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.shiftKey) {
                  event.preventDefault();
                  event.currentTarget.form?.requestSubmit();
                }
              }}
            />
          </FieldBox>
          <p id={hintId} className="aladina-hint">
            Hasta 2.000 caracteres. No escribas tu DNI ni números de tarjeta o cuenta: si aparecen, los
            ocultamos.
          </p>
          {formError && <FieldError id={errorId}>{formError}</FieldError>}
        </Field>
        <Button type="submit" loading={busy}>
          Preguntar
        </Button>
      </form>
    </section>
  );
}

function ExchangeAnswer({ exchange, onRate }: { exchange: Exchange; onRate(rating: 'up' | 'down'): void }) {
  const { answer, error } = exchange;
  if (error) {
    return (
      <Banner tone="danger">
        <p>{error}</p>
      </Banner>
    );
  }
  const meta = answer.meta;
  const citations = meta?.citations ?? [];
  return (
    <div className="aladina-answer" aria-live="polite" aria-busy={answer.done === null}>
      <p className="visually-hidden">Respuesta de Aladina:</p>
      {answer.text === '' && answer.done === null && (
        <p className="aladina-writing">Aladina está escribiendo…</p>
      )}
      <AnswerText text={answer.text} citations={citations} />
      {citations.length > 0 && (
        <>
          <h2 className="aladina-sources-title">Dónde lo explican las clases</h2>
          <ul className="aladina-sources">
            {citations.map((c) => (
              <li key={c.n}>
                <Link to={c.href}>
                  [{c.n}] {c.label}
                </Link>{' '}
                <span className="aladina-source-course">· {c.courseName}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {meta?.nearestCourse && meta.outcome === 'not_covered' && (
        <p>
          <Link to={meta.nearestCourse.href}>Ver el curso «{meta.nearestCourse.name}»</Link>
        </p>
      )}
      {meta && meta.lockedCourses.length > 0 && (
        <ul className="aladina-sources" aria-label="Cursos con más sobre esto">
          {meta.lockedCourses.map((course) => (
            <li key={course.id}>
              <Link to={course.href}>Ver «{course.name}»</Link>
            </li>
          ))}
        </ul>
      )}
      {answer.done && meta && (
        <fieldset className="aladina-rating">
          <legend>¿Te sirvió esta respuesta?</legend>
          {(['up', 'down'] as const).map((rating) => (
            <Button
              key={rating}
              variant="ghost"
              size="small"
              aria-pressed={exchange.rating === rating}
              onClick={() => {
                onRate(rating);
                void rateAnswer(meta.questionId, rating).catch(() => undefined);
              }}
            >
              {rating === 'up' ? 'Sí, me sirvió' : 'No me sirvió'}
            </Button>
          ))}
        </fieldset>
      )}
    </div>
  );
}

import type { DollarRate, NewsCard, NewsHome, NewsWeek, WeeklyGoalKind } from '@alcancia/contract';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { track } from '../../lib/analytics';
import { ApiError } from '../../lib/api-client';
import { formatDate, formatMoney } from '../../lib/format';
import { academyCoursePath, academyPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { useCurrentUser } from '../../shared/account/account-queries';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';
import { Card } from '../../ui/card';
import { Spinner } from '../../ui/feedback';
import { ProgressBar } from '../../ui/progress-bar';
import { SelectField } from '../../ui/select-field';
import { TextField } from '../../ui/text-field';
import { useNewsHome, useSetWeeklyGoal } from './news-api';
import { classPath, defaultGoal, goalProblem, postLinkOf, streakText, weekProgress } from './news-rules';
import { PostBody } from './post-body';
import './news.css';

/** /novedades with the NEWS control on (issue 44): her home. */
export default function NewsPage() {
  usePageTitle('Novedades');
  const user = useCurrentUser();
  const home = useNewsHome();
  useEffect(() => {
    track('news_home_view');
  }, []);
  return (
    <div className="news-home">
      <header className="page-header">
        <div className="page-header-titles">
          <h1 className="page-title">{user.data ? `Hola ${user.data.name}` : 'Hola'}</h1>
          <p className="page-greeting">Novedades</p>
        </div>
      </header>
      {home.isPending ? (
        <Spinner label="Cargando tus novedades…" />
      ) : home.isError ? (
        <Banner
          tone="danger"
          title="No pudimos cargar tus novedades"
          action={
            <Button variant="secondary" onClick={() => home.refetch()}>
              Reintentar
            </Button>
          }
        >
          {home.error.message}
        </Banner>
      ) : (
        <NewsSections home={home.data} />
      )}
    </div>
  );
}

function NewsSections({ home }: { home: NewsHome }) {
  return (
    <div className="news-grid">
      <ContinueCard home={home} />
      <WeekCard week={home.week} />
      <CardList
        id="news-new"
        title="Nuevo en la academia"
        cards={home.newCourses}
        empty="Todavía no hay cursos nuevos. Mientras tanto, explorá la Academia y empezá el que más te guste."
      />
      <CardList
        id="news-events"
        title="Eventos"
        cards={home.events}
        empty="No hay eventos por ahora. Cuando la academia anuncie uno, lo vas a ver acá."
      />
      <Posts home={home} />
      <RatesCard rates={home.rates} />
    </div>
  );
}

function ContinueCard({ home }: { home: NewsHome }) {
  const next = home.continueClass;
  return (
    <Card as="section" padded className="news-continue" aria-labelledby="news-continue-title">
      <h2 id="news-continue-title" className="news-section-title">
        Seguí donde dejaste
      </h2>
      {next ? (
        <>
          <p className="news-continue-course">{next.courseName}</p>
          <p className="news-continue-class">{next.sectionName}</p>
          <ProgressBar value={Math.round(next.fraction * 100)} label={`Avance en ${next.courseName}`} />
          <ButtonLink to={classPath(next.courseId, next.sectionId)} variant="primary">
            Seguir la clase
          </ButtonLink>
        </>
      ) : (
        <>
          <p>
            Todavía no empezaste ningún curso. Elegí uno en la Academia y acá vas a poder seguirlo con un
            toque.
          </p>
          <ButtonLink to={academyPath} variant="primary">
            Ir a la Academia
          </ButtonLink>
        </>
      )}
    </Card>
  );
}

function WeekCard({ week }: { week: NewsWeek }) {
  const progress = weekProgress(week);
  const [editing, setEditing] = useState(false);
  return (
    <Card as="section" padded className="news-week" aria-labelledby="news-week-title">
      <h2 id="news-week-title" className="news-section-title">
        Tu semana
      </h2>
      <p className="news-week-dates">
        Del {formatDate(`${week.start}T12:00:00-03:00`)} al {formatDate(`${week.end}T12:00:00-03:00`)}
      </p>
      {progress ? (
        <>
          <p className="news-week-figure">{progress.text}</p>
          <ProgressBar value={progress.percent} label="Tu meta de la semana" />
          {week.reached && <p className="news-week-reached">¡Cumpliste tu meta de esta semana!</p>}
        </>
      ) : (
        <p>
          Esta semana: {week.minutes} {week.minutes === 1 ? 'minuto' : 'minutos'} y {week.classes}{' '}
          {week.classes === 1 ? 'clase' : 'clases'}.
        </p>
      )}
      <p className="news-streak">{streakText(week)}</p>
      {editing || !week.goal ? (
        <GoalForm week={week} onDone={() => setEditing(false)} />
      ) : (
        <Button variant="secondary" onClick={() => setEditing(true)}>
          Cambiar mi meta
        </Button>
      )}
    </Card>
  );
}

function GoalForm({ week, onDone }: { week: NewsWeek; onDone: () => void }) {
  const start = week.goal ?? defaultGoal;
  const [kind, setKind] = useState<WeeklyGoalKind>(start.kind);
  const [target, setTarget] = useState(String(start.target));
  const [error, setError] = useState<string | null>(null);
  const save = useSetWeeklyGoal();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = goalProblem(kind, target);
    setError(problem);
    if (problem) return;
    save.mutate(
      { kind, target: Number(target) },
      {
        onSuccess: onDone,
        onError: (failure) =>
          setError(
            failure instanceof ApiError ? failure.message : 'No pudimos guardar tu meta. Intentá nuevamente.',
          ),
      },
    );
  };

  return (
    <form className="news-goal-form" onSubmit={submit} noValidate aria-labelledby={`${formId}-title`}>
      <h3 id={`${formId}-title`} className="news-goal-title">
        Tu meta semanal
      </h3>
      <SelectField label="Medila en" value={kind} onChange={(e) => setKind(e.target.value as WeeklyGoalKind)}>
        <option value="MINUTES">Minutos de clase</option>
        <option value="CLASSES">Clases terminadas</option>
      </SelectField>
      <TextField
        label={kind === 'MINUTES' ? 'Minutos por semana' : 'Clases por semana'}
        inputMode="numeric"
        value={target}
        onChange={(e) => setTarget(e.target.value)}
        error={error}
        hint={kind === 'MINUTES' ? 'De 10 a 600 minutos.' : 'De 1 a 30 clases.'}
      />
      <Button type="submit" variant="primary" disabled={save.isPending}>
        Guardar meta
      </Button>
    </form>
  );
}

function CardList({
  id,
  title,
  cards,
  empty,
}: {
  id: string;
  title: string;
  cards: NewsCard[];
  empty: string;
}) {
  return (
    <section className="news-list" aria-labelledby={id}>
      <h2 id={id} className="news-section-title">
        {title}
      </h2>
      {cards.length === 0 ? (
        <p className="news-empty">
          {empty} <a href={academyPath}>Ir a la Academia</a>
        </p>
      ) : (
        <ul className="news-cards">
          {cards.map((card) => (
            <li key={card.id}>
              <a className="news-card-link" href={academyCoursePath(card.id)}>
                {card.cover ? (
                  <img
                    src={card.cover.src}
                    srcSet={card.cover.srcset.map((s) => `${s.src} ${s.width}w`).join(', ')}
                    sizes="(min-width: 48rem) 12rem, 40vw"
                    width={card.cover.width}
                    height={card.cover.height}
                    alt=""
                    loading="lazy"
                  />
                ) : (
                  <span className="news-card-placeholder" aria-hidden="true" />
                )}
                <span className="news-card-name">{card.name}</span>
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Posts({ home }: { home: NewsHome }) {
  return (
    <section className="news-posts" aria-labelledby="news-posts-title">
      <h2 id="news-posts-title" className="news-section-title">
        Novedades de la academia
      </h2>
      {home.posts.length === 0 ? (
        <p className="news-empty">
          Todavía no hay novedades publicadas. Cuando la academia publique consejos o anuncios, los vas a ver
          acá.
        </p>
      ) : (
        home.posts.map((post) => {
          const link = post.link ? postLinkOf(post.link) : null;
          return (
            <Card
              key={post.id}
              as="article"
              padded
              className="news-post"
              titleLevel={3}
              title={post.title}
              media={
                post.coverUrl ? (
                  <img src={post.coverUrl} alt={post.coverAlt} width={640} height={360} loading="lazy" />
                ) : undefined
              }
              footer={
                link ? (
                  <ButtonLink to={link.href} variant="secondary">
                    {link.text}
                    {post.link ? `: ${post.link.label}` : ''}
                  </ButtonLink>
                ) : undefined
              }
            >
              <p className="news-post-date">{formatDate(post.publishedAt)}</p>
              <PostBody body={post.body} />
            </Card>
          );
        })
      )}
    </section>
  );
}

const pesos = (value: number) => formatMoney(Math.round(value * 100));

/** The day's dollar rates, from the same source as Mis Cuentas. */
function RatesCard({ rates }: { rates: DollarRate[] }) {
  return (
    <Card as="section" padded className="news-rates" aria-labelledby="news-rates-title">
      <h2 id="news-rates-title" className="news-section-title">
        El dólar hoy
      </h2>
      {rates.length === 0 ? (
        <p className="news-empty">
          Las cotizaciones no están disponibles en este momento. Volvé a mirar en un rato.
        </p>
      ) : (
        <table className="news-rates-table">
          <caption className="visually-hidden">Cotizaciones del dólar</caption>
          <thead>
            <tr>
              <th scope="col">Dólar</th>
              <th scope="col">Compra</th>
              <th scope="col">Venta</th>
            </tr>
          </thead>
          <tbody>
            {rates.map((rate) => (
              <tr key={rate.name}>
                <th scope="row">
                  {rate.name}
                  {rate.stale && <span className="news-rates-stale"> (desactualizada)</span>}
                </th>
                <td>{rate.buy === null ? '—' : pesos(rate.buy)}</td>
                <td>{pesos(rate.sell)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {rates.length > 0 && (
        <p className="news-rates-source">
          Fuente: {[...new Set(rates.map((r) => r.source))].join(' y ')}. Actualizado el{' '}
          {formatDate(
            rates
              .map((r) => r.asOf)
              .sort()
              .at(-1) ??
              rates[0]?.asOf ??
              '',
          )}
          .
        </p>
      )}
    </Card>
  );
}

import type { AdminCourse, AdminCourseFields } from '@alcancia/contract/admin';
import { type FormEvent, useState } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Spinner } from '../../../ui/feedback';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { adminErrorText } from '../admin-api';
import { DayField } from '../day-field';
import {
  type CourseChange,
  eventSeriesLabels,
  fieldError,
  kindLabels,
  missingForPublication,
  publicationChecklist,
  type CourseRun as Run,
  useContentVocabulary,
  useCourse,
  useCourseChange,
} from './content-api';
import { CoursePreview } from './course-preview';
import { CoverControl } from './cover-control';
import { PackItemsPicker } from './pack-items-picker';
import { PublicationBadge } from './publication-badge';
import { StructureEditor } from './structure-editor';
import { TagPicker } from './tag-picker';
import './content.css';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { FieldHint } from '../../../ui/field-hint';
import { Field, FieldBox, FieldError, FieldLabel, fieldInputClass } from '../../../ui/field-parts';

/** /admin/contenidos/{id}: one course, program, pack or event — its data, structure and publication. */
export default function CoursePage() {
  const { id = '' } = useParams();
  const course = useCourse(id);
  usePageTitle(course.data ? `Editar ${course.data.name}` : 'Editar contenido');
  if (course.isPending) return <Spinner />;
  if (course.isError) return <Banner tone="danger">{adminErrorText(course.error)}</Banner>;
  return <CourseEditor course={course.data} />;
}

function CourseEditor({ course }: { course: AdminCourse }) {
  const change = useCourseChange(course.id);
  const [previewing, setPreviewing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const run = (request: CourseChange, done?: string, saved?: () => void) => {
    setNotice(null);
    change.mutate(request, {
      onSuccess: () => {
        setNotice(done ?? 'Cambios guardados.');
        saved?.();
      },
    });
  };
  return (
    <section className="admin-stack">
      <p>
        <Link to="/admin/contenidos">← Contenidos</Link>
      </p>
      <h1>
        {course.name} <span className="admin-muted">({kindLabels[course.kind]})</span>
      </h1>
      <div aria-live="polite">
        {notice && !change.isPending && <Banner tone="success">{notice}</Banner>}
        {change.isError && <Banner tone="danger">{adminErrorText(change.error)}</Banner>}
      </div>
      <PublicationPanel course={course} run={run} busy={change.isPending} />
      <details
        className="admin-panel"
        open={previewing}
        onToggle={(e) => setPreviewing(e.currentTarget.open)}
      >
        <summary>Vista previa (como la ve quien tiene acceso)</summary>
        {previewing && <CoursePreview id={course.id} />}
      </details>
      <CoverControl course={course} run={run} busy={change.isPending} />
      <DetailsForm
        key={course.updatedAt}
        course={course}
        run={run}
        error={change.error}
        busy={change.isPending}
      />
      <StructureEditor course={course} run={run} busy={change.isPending} error={change.error} />
    </section>
  );
}

function PublicationPanel({ course, run, busy }: { course: AdminCourse; run: Run; busy: boolean }) {
  const [day, setDay] = useState('');
  const [time, setTime] = useState('09:00');
  const timeValid = /^([01]?\d|2[0-3]):[0-5]\d$/.test(time.trim());
  const ready = /^\d{4}-\d{2}-\d{2}$/.test(day) && timeValid;
  function schedule(event: FormEvent) {
    event.preventDefault();
    if (!ready) return;
    // the day and time are Argentina's (UTC−3 all year)
    const publishAt = new Date(`${day}T${time.trim().padStart(5, '0')}:00-03:00`).toISOString();
    run({ method: 'PUT', path: '/schedule', body: { publishAt } }, 'Publicación programada.');
  }
  return (
    <div className="admin-panel admin-stack">
      <h2>Publicación</h2>
      <p>
        Estado: <PublicationBadge published={course.published} publishAt={course.publishAt} />
      </p>
      {!course.published && <PublicationChecklist course={course} />}
      <div className="admin-actions">
        {course.published ? (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() => run({ method: 'POST', path: '/unpublish' }, 'Contenido despublicado.')}
          >
            Despublicar
          </Button>
        ) : (
          <Button
            disabled={busy}
            onClick={() => run({ method: 'POST', path: '/publish' }, 'Contenido publicado.')}
          >
            Publicar ahora
          </Button>
        )}
        {course.publishAt && (
          <Button
            variant="secondary"
            disabled={busy}
            onClick={() =>
              run({ method: 'PUT', path: '/schedule', body: { publishAt: null } }, 'Programación quitada.')
            }
          >
            Quitar la programación
          </Button>
        )}
      </div>
      {!course.published && (
        <form className="admin-inline-form" onSubmit={schedule} aria-label="Programar la publicación">
          <DayField label="Publicar el día" name="publishDay" value={day} onChange={setDay} />
          <TextField
            label="A las (hora de Argentina)"
            name="publishTime"
            inputMode="numeric"
            placeholder="hh:mm"
            value={time}
            error={timeValid ? null : 'Escribí la hora como hh:mm, por ejemplo 09:30.'}
            onChange={(e) => setTime(e.target.value)}
          />
          <Button type="submit" variant="secondary" disabled={busy || !ready}>
            Programar
          </Button>
        </form>
      )}
    </div>
  );
}

/** Before publishing: what is ready and what is missing (a learner would see a blank card or an empty course). */
function PublicationChecklist({ course }: { course: AdminCourse }) {
  const items = publicationChecklist(course);
  const missing = missingForPublication(course);
  const places = [...new Set(items.filter((item) => !item.done).map((item) => `«${item.where}»`))];
  return (
    <div>
      <ul className="content-checklist" aria-label="Lo que necesita para publicarse">
        {items.map((item) => (
          <li key={item.label}>
            {item.done ? '✓' : '✗'} {item.label}: {item.done ? 'listo' : 'falta'}
          </li>
        ))}
      </ul>
      {missing.length > 0 && (
        <p className="admin-muted">
          Para publicarlo falta {spanishList(missing)}. Completalo en {spanishList(places)} (los datos, con
          «Guardar los datos»).
        </p>
      )}
    </div>
  );
}

const spanishList = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} y ${parts.at(-1)}`;

const orNull = (text: string) => (text.trim() ? text.trim() : null);

const pesosOf = (text: string) => {
  const clean = text.trim().replace(/\./g, '').replace(',', '.');
  return clean ? Number(clean) : null;
};

function DetailsForm({
  course,
  run,
  error,
  busy,
}: {
  course: AdminCourse;
  run: Run;
  error: unknown;
  busy: boolean;
}) {
  const [packItems, setPackItems] = useState<string[]>(() => course.items);
  const [form, setForm] = useState(() => ({
    name: course.name,
    description: course.description,
    longDescription: course.longDescription,
    category: course.category ?? '',
    level: course.level ?? '',
    tags: course.tags,
    isFree: course.isFree,
    audience: course.audience,
    price: course.price == null ? '' : String(course.price).replace('.', ','),
    regularPrice: course.regularPrice == null ? '' : String(course.regularPrice).replace('.', ','),
    maxInstallments: String(course.maxInstallments),
    saleableStartDate: course.saleableStartDate ?? '',
    saleableEndDate: course.saleableEndDate ?? '',
    eventSeries: course.eventSeries ?? '',
    sortOrder: String(course.sortOrder),
    faqs: course.faqs.map((f) => `${f.question}\n${f.answer}`).join('\n\n'),
  }));
  const set = (key: Exclude<keyof typeof form, 'tags'>) => (event: { target: { value: string } }) =>
    setForm({ ...form, [key]: event.target.value });
  const sold = course.kind === 'PROGRAM' || course.kind === 'PACK';
  const vocabulary = useContentVocabulary().data?.customFilters;
  /** The picker's options, with the current code kept when it is not in the list. */
  const choices = (list: { value: string; label: string }[] | undefined, current: string) => [
    ...(list ?? []),
    ...(current && !(list ?? []).some((item) => item.value === current)
      ? [{ value: current, label: current }]
      : []),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    const body: Partial<AdminCourseFields> = {
      name: form.name,
      description: form.description,
      longDescription: form.longDescription,
      category: orNull(form.category),
      level: orNull(form.level),
      tags: form.tags,
      isFree: form.isFree,
      sortOrder: Number(form.sortOrder) || 0,
      faqs: form.faqs
        .split(/\n\s*\n/)
        .map((block) => block.trim())
        .filter(Boolean)
        .map((block) => {
          const [question = '', ...answer] = block.split('\n');
          return { question: question.trim(), answer: answer.join('\n').trim() };
        }),
    };
    if (sold) {
      Object.assign(body, {
        audience: form.audience,
        price: pesosOf(form.price),
        regularPrice: pesosOf(form.regularPrice),
        maxInstallments: Number(form.maxInstallments) || 1,
        saleableStartDate: orNull(form.saleableStartDate),
        saleableEndDate: orNull(form.saleableEndDate),
      });
    }
    if (course.kind === 'PACK') body.items = packItems;
    if (course.kind === 'EVENT')
      body.eventSeries = (orNull(form.eventSeries) as AdminCourseFields['eventSeries']) ?? null;
    run({ method: 'PATCH', path: '', body });
  }

  /** The value, the change and the error of the text field `key`. */
  const bind = (key: Exclude<keyof typeof form, 'isFree' | 'audience' | 'tags'>) => ({
    value: form[key],
    onChange: set(key),
    error: fieldError(error, key),
  });
  return (
    <form className="admin-panel admin-stack" onSubmit={submit} aria-labelledby="details-title">
      <h2 id="details-title">Datos</h2>
      <div className="admin-form-grid">
        <TextField label="Nombre" required {...bind('name')} />
        <SelectField label="Categoría" {...bind('category')}>
          <option value="">Elegí una categoría</option>
          {choices(vocabulary?.topic, form.category).map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </SelectField>
        <SelectField label="Nivel" {...bind('level')}>
          <option value="">Elegí un nivel</option>
          {choices(vocabulary?.level, form.level).map((item) => (
            <option key={item.value} value={item.value}>
              {item.label}
            </option>
          ))}
        </SelectField>
        <TextField label="Orden en el catálogo" type="number" {...bind('sortOrder')} />
        {sold && (
          <>
            <TextField label="Precio en pesos" inputMode="decimal" {...bind('price')} />
            <TextField label="Precio regular (tachado)" inputMode="decimal" {...bind('regularPrice')} />
            <TextField label="Cuotas máximas" type="number" min={1} max={12} {...bind('maxInstallments')} />
            <SelectField label="Quién puede comprarlo" value={form.audience} onChange={set('audience')}>
              <option value="ALL">Todas</option>
              <option value="ONLY_SUBSCRIBERS">Solo suscriptoras</option>
              <option value="ONLY_UNSUBSCRIBERS">Solo quienes no están suscriptas</option>
            </SelectField>
            <DayField
              label="Venta desde"
              name="saleableStartDate"
              value={form.saleableStartDate}
              error={fieldError(error, 'saleableStartDate')}
              onChange={(value) => set('saleableStartDate')({ target: { value } })}
            />
            <DayField
              label="Venta hasta"
              name="saleableEndDate"
              value={form.saleableEndDate}
              error={fieldError(error, 'saleableEndDate')}
              onChange={(value) => set('saleableEndDate')({ target: { value } })}
            />
          </>
        )}
        {course.kind === 'PACK' && (
          <PackItemsPicker value={packItems} onChange={setPackItems} error={fieldError(error, 'items')} />
        )}
        <TagPicker
          value={form.tags}
          onChange={(tags) => setForm({ ...form, tags })}
          error={fieldError(error, 'tags')}
        />
        {course.kind === 'EVENT' && (
          <SelectField label="Serie" {...bind('eventSeries')}>
            <option value="">Elegí una serie</option>
            {eventSeriesLabels.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      <TextArea label="Descripción corta" {...bind('description')} />
      <TextArea label="Descripción larga (un párrafo por línea)" rows={6} {...bind('longDescription')} />
      <TextArea
        label="Preguntas frecuentes"
        hint="Pregunta en la primera línea, respuesta debajo; una línea en blanco entre preguntas"
        rows={6}
        {...bind('faqs')}
      />
      <label className="admin-check">
        <input
          type="checkbox"
          checked={form.isFree}
          onChange={(event) => setForm({ ...form, isFree: event.target.checked })}
        />{' '}
        Gratis para todas
      </label>
      <div className="admin-actions">
        <Button type="submit" disabled={busy}>
          Guardar los datos
        </Button>
      </div>
    </form>
  );
}

function TextArea({
  label,
  hint,
  error,
  rows = 3,
  value,
  onChange,
}: {
  label: string;
  hint?: string;
  error?: string | null;
  rows?: number;
  value: string;
  onChange(event: { target: { value: string } }): void;
}) {
  const id = `campo-${label.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <Field invalid={Boolean(error)}>
      <FieldLabel htmlFor={id}>{label}</FieldLabel>
      <FieldBox>
        <textarea
          id={id}
          className={fieldInputClass('content-textarea')}
          rows={rows}
          value={value}
          onChange={onChange}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
          }
        />
      </FieldBox>
      {hint && <FieldHint id={`${id}-hint`}>{hint}</FieldHint>}
      {error && <FieldError id={`${id}-error`}>{error}</FieldError>}
    </Field>
  );
}

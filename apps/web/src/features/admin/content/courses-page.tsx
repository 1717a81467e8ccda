import { type AdminContentKind, type AdminCourseFields, adminContentKinds } from '@alcancia/contract/admin';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Spinner } from '../../../ui/feedback';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { adminErrorText } from '../admin-api';
import { formatDateTime } from '../admin-format';
import { AdminTable } from '../admin-table';
import { createCourse, eventSeriesLabels, fieldError, kindLabels, useCourses } from './content-api';
import { PackItemsPicker } from './pack-items-picker';
import { PublicationBadge } from './publication-badge';
import './content.css';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';

/** /admin/contenidos: courses, programs, packs and events, with a form to start a new one. */
export default function CoursesPage() {
  usePageTitle('Contenidos');
  const [params, setParams] = useSearchParams();
  const kind = (params.get('tipo') ?? undefined) as AdminContentKind | undefined;
  const search = params.get('buscar') ?? undefined;
  const courses = useCourses({ kind, search });
  const [draft, setDraft] = useState(search ?? '');

  function filter(event: FormEvent) {
    event.preventDefault();
    const next = new URLSearchParams(params);
    if (draft.trim()) next.set('buscar', draft.trim());
    else next.delete('buscar');
    setParams(next);
  }

  return (
    <section className="admin-stack">
      <h1>Contenidos</h1>
      <NewCourseForm />
      <form className="admin-filters" onSubmit={filter} aria-label="Filtrar contenidos">
        <SelectField
          label="Tipo"
          value={kind ?? ''}
          onChange={(event) => {
            const next = new URLSearchParams(params);
            if (event.target.value) next.set('tipo', event.target.value);
            else next.delete('tipo');
            setParams(next);
          }}
        >
          <option value="">Todos</option>
          {adminContentKinds.map((k) => (
            <option key={k} value={k}>
              {kindLabels[k]}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Buscar (nombre o id)"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit">Buscar</Button>
      </form>
      {courses.isPending && <Spinner />}
      {courses.isError && <Banner tone="danger">{adminErrorText(courses.error)}</Banner>}
      {courses.data &&
        (courses.data.items.length === 0 ? (
          <p>No hay contenidos con esos filtros.</p>
        ) : (
          <AdminTable
            caption="Contenidos"
            columns={[
              'Nombre',
              'Tipo',
              'Estado',
              { label: 'Módulos', number: true },
              { label: 'Clases', number: true },
              'Modificado',
            ]}
          >
            {courses.data.items.map((course) => (
              <tr key={course.id}>
                <td>
                  <Link to={`/admin/contenidos/${encodeURIComponent(course.id)}`}>{course.name}</Link>
                  <div className="admin-muted">{course.id}</div>
                </td>
                <td>{kindLabels[course.kind]}</td>
                <td>
                  <PublicationBadge published={course.published} publishAt={course.publishAt} />
                </td>
                <td className="admin-number">{course.modulesAmount}</td>
                <td className="admin-number">{course.classesAmount}</td>
                <td>{formatDateTime(course.updatedAt)}</td>
              </tr>
            ))}
          </AdminTable>
        ))}
    </section>
  );
}

function NewCourseForm() {
  const navigate = useNavigate();
  const [form, setForm] = useState({
    id: '',
    kind: 'COURSE' as AdminContentKind,
    name: '',
    price: '',
    items: [] as string[],
    eventSeries: 'MASTERCLASSES',
  });
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const sold = form.kind === 'PROGRAM' || form.kind === 'PACK';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const price = sold && form.price ? Number(form.price.replace(/\./g, '').replace(',', '.')) : undefined;
      const course = await createCourse({
        id: form.id.trim(),
        kind: form.kind,
        name: form.name,
        price,
        ...(form.kind === 'PACK'
          ? {
              items: form.items,
            }
          : {}),
        ...(form.kind === 'EVENT'
          ? { eventSeries: form.eventSeries as AdminCourseFields['eventSeries'] }
          : {}),
      });
      navigate(`/admin/contenidos/${encodeURIComponent(course.id)}`);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="admin-panel admin-stack" onSubmit={submit} aria-labelledby="new-course-title">
      <h2 id="new-course-title">Nuevo contenido</h2>
      <div className="admin-form-grid">
        <TextField
          label="Nombre"
          required
          value={form.name}
          error={fieldError(error, 'name')}
          onChange={(event) => setForm({ ...form, name: event.target.value })}
        />
        <TextField
          label="Identificador (en la dirección)"
          required
          hint="Minúsculas, números y guiones: presupuesto-familiar"
          value={form.id}
          error={fieldError(error, 'id')}
          onChange={(event) => setForm({ ...form, id: event.target.value })}
        />
        <SelectField
          label="Tipo"
          value={form.kind}
          onChange={(event) => setForm({ ...form, kind: event.target.value as AdminContentKind })}
        >
          {adminContentKinds.map((k) => (
            <option key={k} value={k}>
              {kindLabels[k]}
            </option>
          ))}
        </SelectField>
        {sold && (
          <TextField
            label="Precio en pesos"
            inputMode="decimal"
            required
            value={form.price}
            error={fieldError(error, 'price')}
            onChange={(event) => setForm({ ...form, price: event.target.value })}
          />
        )}
        {form.kind === 'PACK' && (
          <PackItemsPicker
            value={form.items}
            onChange={(items) => setForm({ ...form, items })}
            error={fieldError(error, 'items')}
          />
        )}
        {form.kind === 'EVENT' && (
          <SelectField
            label="Serie del evento"
            value={form.eventSeries}
            onChange={(event) => setForm({ ...form, eventSeries: event.target.value })}
          >
            {eventSeriesLabels.map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </SelectField>
        )}
      </div>
      {error != null && <Banner tone="danger">{adminErrorText(error)}</Banner>}
      <div className="admin-actions">
        <Button type="submit" disabled={busy}>
          Crear (sin publicar)
        </Button>
      </div>
    </form>
  );
}

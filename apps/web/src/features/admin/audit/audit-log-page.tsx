import type { AuditEntry } from '@alcancia/contract/admin';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/feedback';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { type AuditFilters, adminErrorText, useAuditLog } from '../admin-api';
import { formatDateTime } from '../admin-format';
import { AdminTable } from '../admin-table';
import { DayField } from '../day-field';
import { Pager } from '../pager';
import { auditActionChoices, auditActionLabel, auditChangeRows, auditTargetChoices } from './audit-format';
import { auditRoleLabel, auditSentence } from './audit-sentences';

const filterNames = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
type FilterName = (typeof filterNames)[number];

/** DayField gives "2026-12-27", "" or, while what is typed is not a day, the text itself. */
const isDay = (value: string) => value === '' || /^\d{4}-\d{2}-\d{2}$/.test(value);

/**
 * /admin/auditoria: every change made through the panel, newest first, each as a Spanish sentence
 * with its before/after table on demand (audit-sentences.ts, decision 115); filters in the URL.
 */
export default function AuditLogPage() {
  usePageTitle('Auditoría');
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = { page: Number(params.get('page') ?? '1') || 1 };
  for (const name of filterNames) {
    const value = params.get(name);
    if (value) filters[name] = value;
  }
  const log = useAuditLog(filters);
  const [draft, setDraft] = useState<Record<FilterName, string>>(() => {
    const initial = {} as Record<FilterName, string>;
    for (const name of filterNames) initial[name] = params.get(name) ?? '';
    return initial;
  });

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!isDay(draft.from) || !isDay(draft.to)) return;
    const next = new URLSearchParams();
    for (const name of filterNames) if (draft[name].trim()) next.set(name, draft[name].trim());
    setParams(next);
  }
  const set = (name: FilterName) => (value: string) => setDraft((current) => ({ ...current, [name]: value }));

  return (
    <section className="admin-stack">
      <h1>Auditoría</h1>
      <form className="admin-filters" onSubmit={apply} aria-label="Filtros">
        <TextField
          label="Quién (correo)"
          name="actor"
          value={draft.actor}
          onChange={(event) => set('actor')(event.target.value)}
        />
        <SelectField
          label="Qué hizo"
          name="action"
          value={draft.action}
          onChange={(event) => set('action')(event.target.value)}
        >
          <option value="">Todo</option>
          {auditActionChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Sobre qué"
          name="targetType"
          value={draft.targetType}
          onChange={(event) => set('targetType')(event.target.value)}
        >
          <option value="">Todo</option>
          {auditTargetChoices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Número o código"
          name="targetId"
          value={draft.targetId}
          onChange={(event) => set('targetId')(event.target.value)}
        />
        <DayField label="Desde" name="from" value={draft.from} onChange={set('from')} />
        <DayField label="Hasta" name="to" value={draft.to} onChange={set('to')} />
        <Button type="submit">Filtrar</Button>
      </form>
      {log.isPending && <Spinner />}
      {log.isError && <Banner tone="danger">{adminErrorText(log.error)}</Banner>}
      {log.data && (
        <>
          {log.data.items.length === 0 ? (
            <p>No hay cambios con esos filtros.</p>
          ) : (
            <AdminTable caption="Cambios registrados" columns={['Cuándo', 'Quién', 'Qué pasó', '']}>
              {log.data.items.map((entry) => (
                <EntryRow key={entry.id} entry={entry} />
              ))}
            </AdminTable>
          )}
          <Pager
            page={filters.page}
            hasMore={log.data.hasMore}
            onPage={(page) => {
              const next = new URLSearchParams(params);
              next.set('page', String(page));
              setParams(next);
            }}
          />
        </>
      )}
    </section>
  );
}

function EntryRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false);
  const changesId = useId();
  const changes = auditChangeRows(entry.before, entry.after);
  return (
    <tr>
      <td>{formatDateTime(entry.createdAt)}</td>
      <td>
        {entry.actorEmail}
        <br />
        <span className="admin-muted">{auditRoleLabel(entry.actorRole)}</span>
      </td>
      <td>
        <p className="admin-sentence">{auditSentence(entry)}</p>
        {open && (
          <div id={changesId}>
            {changes.length === 0 ? (
              <p className="admin-muted">No quedaron datos de antes y después.</p>
            ) : (
              <table className="admin-diff">
                <caption className="visually-hidden">
                  Antes y después: {auditActionLabel(entry.action)}
                </caption>
                <thead>
                  <tr>
                    <th scope="col">Dato</th>
                    <th scope="col">Antes</th>
                    <th scope="col">Después</th>
                  </tr>
                </thead>
                <tbody>
                  {changes.map((change) => (
                    <tr key={change.field}>
                      <th scope="row">{change.field}</th>
                      <td>{change.before}</td>
                      <td>{change.after}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        )}
      </td>
      <td>
        <Button
          variant="secondary"
          size="compact"
          aria-expanded={open}
          aria-controls={open ? changesId : undefined}
          onClick={() => setOpen(!open)}
        >
          {open ? 'Ocultar antes y después' : 'Ver antes y después'}
        </Button>
      </td>
    </tr>
  );
}

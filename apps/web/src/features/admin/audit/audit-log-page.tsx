import type { AuditEntry } from '@alcancia/contract/admin';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Spinner } from '../../../ui/feedback';
import { TextField } from '../../../ui/text-field';
import { type AuditFilters, adminErrorText, useAuditLog } from '../admin-api';
import { formatDateTime } from '../admin-format';
import { AdminTable } from '../admin-table';
import { Pager } from '../pager';
import { auditActionLabel, auditChanges, auditRoleLabel } from './audit-format';

const filterNames = ['actor', 'action', 'targetType', 'targetId', 'from', 'to'] as const;
type FilterName = (typeof filterNames)[number];

const labels: Record<FilterName, string> = {
  actor: 'Quién (correo)',
  action: 'Acción',
  targetType: 'Tipo de objeto',
  targetId: 'Objeto (id o código)',
  from: 'Desde',
  to: 'Hasta',
};

/** /admin/auditoria: every change made through the panel, newest first, with filters in the URL. */
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
    const next = new URLSearchParams();
    for (const name of filterNames) if (draft[name].trim()) next.set(name, draft[name].trim());
    setParams(next);
  }

  return (
    <section className="admin-stack">
      <h1>Auditoría</h1>
      <form className="admin-filters" onSubmit={apply} aria-label="Filtros">
        {filterNames.map((name) => (
          <TextField
            key={name}
            label={labels[name]}
            name={name}
            type={name === 'from' || name === 'to' ? 'date' : 'text'}
            value={draft[name]}
            onChange={(event) => setDraft({ ...draft, [name]: event.target.value })}
          />
        ))}
        <button type="submit" className="button button-primary">
          Filtrar
        </button>
      </form>
      {log.isPending && <Spinner />}
      {log.isError && <Alert tone="error">{adminErrorText(log.error)}</Alert>}
      {log.data && (
        <>
          {log.data.items.length === 0 ? (
            <p>No hay cambios con esos filtros.</p>
          ) : (
            <AdminTable
              caption="Cambios registrados"
              columns={['Cuándo', 'Quién', 'Acción', 'Objeto', 'Antes y después']}
            >
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
  const changes = auditChanges(entry.before, entry.after);
  return (
    <tr>
      <td>{formatDateTime(entry.createdAt)}</td>
      <td>
        {entry.actorEmail}
        <br />
        <span className="admin-muted">{auditRoleLabel(entry.actorRole)}</span>
      </td>
      <td>
        {auditActionLabel(entry.action)}
        <br />
        <code className="admin-muted">{entry.action}</code>
      </td>
      <td>
        {entry.targetType} <code>{entry.targetId}</code>
      </td>
      <td>
        {changes.length > 0 && (
          <ul className="admin-changes">
            {changes.map((change) => (
              <li key={change}>{change}</li>
            ))}
          </ul>
        )}
        <details>
          <summary>Ver detalle</summary>
          <pre className="admin-json">
            {JSON.stringify({ antes: entry.before, después: entry.after }, null, 2)}
          </pre>
        </details>
      </td>
    </tr>
  );
}

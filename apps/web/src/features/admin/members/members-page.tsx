import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Alert, Spinner } from '../../../ui/feedback';
import { TextField } from '../../../ui/text-field';
import { adminErrorText } from '../admin-api';
import { formatDateTime } from '../admin-format';
import { Pager } from '../pager';
import { useMembers } from './members-api';

/** /admin/miembros: search by e-mail, name or phone (no accents needed); the newest without a search. */
export default function MembersPage() {
  usePageTitle('Miembros');
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState(search);
  const members = useMembers(search, page);

  function submit(event: FormEvent) {
    event.preventDefault();
    setParams(draft.trim() ? { q: draft.trim() } : {});
  }

  return (
    <section className="admin-stack">
      <h1>Miembros</h1>
      <form className="admin-inline-form" onSubmit={submit}>
        <TextField
          label="Buscar por correo, nombre o teléfono"
          name="q"
          type="search"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="button button-primary">
          Buscar
        </button>
      </form>
      {members.isPending && <Spinner label="Buscando…" />}
      {members.isError && <Alert tone="error">{adminErrorText(members.error)}</Alert>}
      {members.data && (
        <>
          <p className="admin-muted" aria-live="polite">
            {search ? `Resultados para «${search}»` : 'Las cuentas más nuevas'}
            {members.data.items.length === 0 ? ': ninguna.' : '.'}
          </p>
          {members.data.items.length > 0 && (
            <table className="admin-table">
              <caption className="visually-hidden">Miembros</caption>
              <thead>
                <tr>
                  <th scope="col">Nombre</th>
                  <th scope="col">Correo</th>
                  <th scope="col">Teléfono</th>
                  <th scope="col">Estado</th>
                  <th scope="col">Alta</th>
                </tr>
              </thead>
              <tbody>
                {members.data.items.map((member) => (
                  <tr key={member.id}>
                    <td>
                      <Link to={`/admin/miembros/${member.id}`}>{member.name}</Link>
                    </td>
                    <td>{member.email}</td>
                    <td>{member.telephone ?? '—'}</td>
                    <td>
                      {member.deleted ? (
                        <span className="admin-badge admin-badge-bad">Cuenta eliminada</span>
                      ) : member.emailVerified ? (
                        <span className="admin-badge admin-badge-ok">Validada</span>
                      ) : (
                        <span className="admin-badge admin-badge-warn">Sin validar</span>
                      )}
                      {member.role && <span className="admin-badge"> Operadora</span>}
                    </td>
                    <td>{formatDateTime(member.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <Pager
            page={page}
            hasMore={members.data.hasMore}
            onPage={(next) => setParams({ ...(search ? { q: search } : {}), page: String(next) })}
          />
        </>
      )}
    </section>
  );
}

import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Spinner } from '../../../ui/feedback';
import { adminErrorText } from '../admin-api';
import { formatDateTime } from '../admin-format';
import { AdminTable } from '../admin-table';
import { Pager } from '../pager';
import { SearchForm } from '../search-form';
import { useMembers } from './members-api';

/** /admin/miembros: search by e-mail, name or phone (no accents needed); the newest without a search. */
export default function MembersPage() {
  usePageTitle('Miembros');
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const page = Number(params.get('page') ?? '1') || 1;
  const [draft, setDraft] = useState(search);
  const members = useMembers(search, page);

  return (
    <section className="admin-stack">
      <h1>Miembros</h1>
      <SearchForm
        label="Buscar por correo, nombre o teléfono"
        name="q"
        value={draft}
        onChange={setDraft}
        onSearch={(text) => setParams(text ? { q: text } : {})}
      />
      {members.isPending && <Spinner label="Buscando…" />}
      {members.isError && <Banner tone="danger">{adminErrorText(members.error)}</Banner>}
      {members.data && (
        <>
          <p className="admin-muted" aria-live="polite">
            {search ? `Resultados para «${search}»` : 'Las cuentas más nuevas'}
            {members.data.items.length === 0 ? ': ninguna.' : '.'}
          </p>
          {members.data.items.length > 0 && (
            <AdminTable caption="Miembros" columns={['Nombre', 'Correo', 'Teléfono', 'Estado', 'Alta']}>
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
            </AdminTable>
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

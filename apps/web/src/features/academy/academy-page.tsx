import type { CurrentUser } from '@alcancia/contract';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { usePageTitle } from '../../lib/use-page-title';
import { useLogout } from '../auth/use-logout';

/**
 * Placeholder for the academy home (/academy) until the logged-in shell and the catalogue land:
 * a title, a greeting from GET /users and the logout button.
 */
export default function AcademyPage() {
  usePageTitle('Academia');
  const logout = useLogout();
  const user = useQuery({
    queryKey: ['users', 'current'],
    queryFn: ({ signal }) => apiRequest<CurrentUser>('/users', { signal }),
    staleTime: 60_000,
  });
  return (
    <section className="academy-placeholder" aria-labelledby="academy-title">
      <h1 id="academy-title">Academia</h1>
      <p aria-live="polite">{user.data ? `Hola, ${user.data.name}.` : ' '}</p>
      <p>Muy pronto vas a encontrar acá tus cursos, programas y packs.</p>
      <button type="button" className="button button-secondary" onClick={logout}>
        Cerrar Sesión
      </button>
    </section>
  );
}

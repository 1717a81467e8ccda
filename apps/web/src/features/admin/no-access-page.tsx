import { academyPath } from '../../lib/paths';
import { usePageTitle } from '../../lib/use-page-title';
import { ButtonLink } from '../../ui/button';

/**
 * /admin for someone without a role (a learner), or a section her role does not include: says so,
 * shows no data (the API answered 403 and sent none).
 */
export function NoAccessPage({ section = false }: { section?: boolean }) {
  usePageTitle('Sin acceso');
  return (
    <div className={section ? 'admin-no-access' : 'admin-no-access admin-no-access-page'}>
      <h1>No tenés acceso</h1>
      <p>
        {section
          ? 'Tu rol en el panel no incluye esta sección. Si la necesitás, pedíselo a una administradora.'
          : 'Esta parte de Alcancía es para el equipo que administra la academia. Si creés que deberías poder entrar, escribinos.'}
      </p>
      {!section && <ButtonLink to={academyPath}>Ir a la academia</ButtonLink>}
    </div>
  );
}

import { Link } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert, Spinner } from '../../ui/feedback';
import { progressOf, useProgressOverview } from '../../shared/catalogue/catalog-api';
import { PageHeader } from '../../shared/catalogue/page-header';
import { ProgramCardView } from '../../shared/catalogue/program-card';
import { useAllProgramsAndPacks } from './programs-api';
import '../../shared/catalogue/academy.css';

/** /programas: every program and pack with the user's progress; loading, empty or cards. */
export default function ProgramsPage() {
  usePageTitle('Programas y Packs');
  const list = useAllProgramsAndPacks();
  const progress = useProgressOverview();
  return (
    <div className="academy">
      <PageHeader title="Programas y Packs" back={{ to: '/academy', label: 'Volver a la Academia' }}>
        <Link to="/academy/cursos" className="button button-secondary">
          Ver cursos
        </Link>
      </PageHeader>
      {list.isPending ? (
        <Spinner label="Cargando programas y packs…" />
      ) : list.isError ? (
        <Alert tone="error">
          No pudimos cargar los programas.{' '}
          <button type="button" className="link-button" onClick={() => void list.refetch()}>
            Reintentar
          </button>
        </Alert>
      ) : list.data.length === 0 ? (
        <div className="empty-state">
          <p className="empty-state-title">Todavía no hay programas ni packs disponibles.</p>
          <p>Mientras tanto, podés seguir aprendiendo con los cursos de la academia.</p>
        </div>
      ) : (
        <ul className="card-grid program-grid program-grid-page">
          {list.data.map((program) => (
            <li key={program.id}>
              <ProgramCardView
                program={program}
                progress={progressOf(progress.data, program.id)}
                headingLevel={2}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

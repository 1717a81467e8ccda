import { usePageTitle } from '../../lib/use-page-title';
import { progressOf, useProgressOverview } from '../../shared/catalogue/catalog-api';
import { PageHeader } from '../../shared/catalogue/page-header';
import { ProgramCardView } from '../../shared/catalogue/program-card';
import { Spinner } from '../../ui/feedback';
import { useAllProgramsAndPacks } from './programs-api';
import '../../shared/catalogue/academy.css';
import { academyPath, coursesPath } from '../../lib/paths';
import { Banner } from '../../ui/banner';
import { Button, ButtonLink } from '../../ui/button';

/** /programas: every program and pack with the user's progress; loading, empty or cards. */
export default function ProgramsPage() {
  usePageTitle('Programas y Packs');
  const list = useAllProgramsAndPacks();
  const progress = useProgressOverview();
  return (
    <div className="academy">
      <PageHeader title="Programas y Packs" back={{ to: academyPath, label: 'Volver a la Academia' }}>
        <ButtonLink to={coursesPath} variant="secondary">
          Ver cursos
        </ButtonLink>
      </PageHeader>
      {list.isPending ? (
        <Spinner label="Cargando programas y packs…" />
      ) : list.isError ? (
        <Banner tone="danger">
          No pudimos cargar los programas.{' '}
          <Button variant="link" onClick={() => void list.refetch()}>
            Reintentar
          </Button>
        </Banner>
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

import type { AdminAladinaQuestion, AdminAladinaReport } from '@alcancia/contract/admin';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { usePageTitle } from '../../../lib/use-page-title';
import { Banner } from '../../../ui/banner';
import { Spinner } from '../../../ui/feedback';
import { adminErrorText } from '../admin-api';
import { formatDateTime } from '../admin-format';
import { AdminTable } from '../admin-table';

const outcomeText: Record<AdminAladinaQuestion['outcome'], string> = {
  answered: 'Respondida',
  not_covered: 'Sin clase que la responda',
  advice: 'Pedido de asesoramiento personal',
  refused: 'Rechazada',
};

/**
 * /admin/aladina (content): what learners ask Aladina, without names (issue 42): the last 30 days'
 * totals, the questions no class answered (the classes that are missing) and those rated down.
 */
export default function AladinaAdminPage() {
  usePageTitle('Aladina');
  const report = useQuery({
    queryKey: ['admin', 'aladina'],
    queryFn: ({ signal }) => apiRequest<AdminAladinaReport>('/admin/aladina', { signal }),
    staleTime: 0,
  });
  if (report.isPending) return <Spinner />;
  if (report.isError) return <Banner tone="danger">{adminErrorText(report.error)}</Banner>;
  const { totals } = report.data;
  return (
    <section className="admin-stack">
      <h1>Aladina</h1>
      <p>
        Últimos 30 días: {totals.asked} preguntas, {totals.answered} respondidas con clases,{' '}
        {totals.notCovered} sin clase que las responda, {totals.advice} pedidos de asesoramiento personal;{' '}
        {totals.thumbsUp} pulgares arriba y {totals.thumbsDown} abajo. Las preguntas se muestran sin el nombre
        de quien las hizo.
      </p>
      <QuestionTable caption="Sin clase que las responda" rows={report.data.unanswered} />
      <QuestionTable caption="Con pulgar abajo" rows={report.data.thumbsDown} />
      <QuestionTable caption="Últimas preguntas" rows={report.data.recent} />
    </section>
  );
}

function QuestionTable({ caption, rows }: { caption: string; rows: AdminAladinaQuestion[] }) {
  return (
    <>
      <h2>{caption}</h2>
      {rows.length === 0 ? (
        <p>No hay preguntas.</p>
      ) : (
        <AdminTable caption={caption} columns={['Pregunta', 'Resultado', 'Curso', 'Valoración', 'Fecha']}>
          {rows.map((row) => (
            <tr key={row.id}>
              <td>{row.question}</td>
              <td>{outcomeText[row.outcome]}</td>
              <td>{row.courseName ?? '—'}</td>
              <td>{row.rating === 'up' ? 'Arriba' : row.rating === 'down' ? 'Abajo' : '—'}</td>
              <td>{formatDateTime(row.createdAt)}</td>
            </tr>
          ))}
        </AdminTable>
      )}
    </>
  );
}

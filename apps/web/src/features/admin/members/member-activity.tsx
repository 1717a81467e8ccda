import type { MemberDetail } from '@alcancia/contract/admin';
import { Link } from 'react-router';
import { formatDateTime } from '../admin-format';
import { TablePanel } from '../admin-table';
import { eventSourceText, eventText } from './event-words';
import { mailStatusText } from './mail-status';

/** Her progress, certificates, sessions, codes, mails and latest events. */
export function MemberActivity({ member }: { member: MemberDetail }) {
  const { profile } = member;
  return (
    <>
      <TablePanel
        title="Progreso por curso"
        columns={['Curso', 'Clases y materiales completos', 'Terminado', 'Última actividad']}
        empty="Todavía no empezó ningún curso."
      >
        {member.progress.map((row) => (
          <tr key={row.courseId}>
            <td>{row.courseName ?? row.courseId}</td>
            <td>
              {row.completedSections} de {row.totalSections}{' '}
              {row.totalSections === 1 ? 'clase o material' : 'clases y materiales'}
            </td>
            <td>{row.completedAt ? formatDateTime(row.completedAt) : 'No'}</td>
            <td>{formatDateTime(row.updatedAt)}</td>
          </tr>
        ))}
      </TablePanel>

      {member.certificates.length > 0 && (
        <TablePanel title="Certificados" columns={['Curso', 'Código', 'Emitido']}>
          {member.certificates.map((certificate) => (
            <tr key={certificate.id}>
              <td>{certificate.courseName ?? certificate.courseId}</td>
              <td>
                <code>{certificate.id}</code>
              </td>
              <td>{formatDateTime(certificate.issuedAt)}</td>
            </tr>
          ))}
        </TablePanel>
      )}

      <TablePanel
        title="Sesiones abiertas"
        columns={['Inicio', 'Última actividad', 'Vence', 'Tipo']}
        empty="No tiene sesiones abiertas."
      >
        {member.sessions.map((session) => (
          <tr key={session.id}>
            <td>{formatDateTime(session.startedAt)}</td>
            <td>{formatDateTime(session.lastActiveAt)}</td>
            <td>{formatDateTime(session.expiresAt)}</td>
            <td>{session.operator ? 'Panel (con segundo factor)' : 'Academia'}</td>
          </tr>
        ))}
      </TablePanel>

      {member.promoCodes.length > 0 && (
        <TablePanel title="Códigos promocionales usados" columns={['Código', 'Cuándo']}>
          {member.promoCodes.map((code) => (
            <tr key={code.code}>
              <td>
                <Link to={`/admin/codigos/${encodeURIComponent(code.code)}`}>{code.code}</Link>
              </td>
              <td>{formatDateTime(code.usedAt)}</td>
            </tr>
          ))}
        </TablePanel>
      )}

      <TablePanel
        title="Correos enviados"
        caption={`Últimos correos a ${profile.email}`}
        columns={['Creado', 'Asunto', 'Estado']}
        empty="No le enviamos correos a esta dirección."
      >
        {member.mails.map((mail) => (
          <tr key={mail.id}>
            <td>{formatDateTime(mail.createdAt)}</td>
            <td>{mail.subject}</td>
            <td>{mailStatusText(mail)}</td>
          </tr>
        ))}
      </TablePanel>

      <TablePanel
        title="Últimos eventos"
        columns={['Cuándo', 'Evento', 'Origen']}
        empty="Sin eventos registrados."
      >
        {member.events.map((event) => (
          <tr key={event.id}>
            <td>{formatDateTime(event.at)}</td>
            <td>{eventText(event.event)}</td>
            <td>{eventSourceText(event.source)}</td>
          </tr>
        ))}
      </TablePanel>
    </>
  );
}

import { formatDateTime } from '../admin-format';

/** Publicado, Programado (with its moment) or Borrador. */
export function PublicationBadge({ published, publishAt }: { published: boolean; publishAt: string | null }) {
  if (published) return <span className="admin-badge admin-badge-ok">Publicado</span>;
  if (publishAt) {
    return <span className="admin-badge admin-badge-warn">Programado: {formatDateTime(publishAt)}</span>;
  }
  return <span className="admin-badge">Borrador</span>;
}

import { Button } from '../../ui/button';
/** Previous / next for the back office's lists (they say `hasMore`, not a total). */
export function Pager({
  page,
  hasMore,
  onPage,
}: {
  page: number;
  hasMore: boolean;
  onPage(page: number): void;
}) {
  if (page <= 1 && !hasMore) return null;
  return (
    <nav className="admin-pager" aria-label="Páginas">
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Anterior
      </Button>
      <span>Página {page}</span>
      <Button variant="secondary" disabled={!hasMore} onClick={() => onPage(page + 1)}>
        Siguiente
      </Button>
    </nav>
  );
}

import { Button } from '../../ui/button';
/** The empty result texts of the catalogue and the search overlay (spec §2). */
export const emptySearchText = 'Aún no tenemos contenidos que coincidan con estos filtros o palabras';
export const emptySearchHint = 'Probá con otra combinación de filtros o con otras palabras.';

/**
 * Nothing matches the filters (in any section): the page's one empty state, with its one
 * "Limpiar filtros" (the bar hides its own meanwhile).
 */
export function EmptyResults({ onClear }: { onClear(): void }) {
  return (
    <div className="empty-state" role="status">
      <p className="empty-state-title">{emptySearchText}</p>
      <p>{emptySearchHint}</p>
      <Button variant="secondary" className="empty-state-action" onClick={onClear}>
        Limpiar filtros
      </Button>
    </div>
  );
}

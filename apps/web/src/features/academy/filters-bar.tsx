import type { AcademyFilters } from '@alcancia/contract';
import { useId, useState } from 'react';
import type { SubscriptionInfo } from '../../shared/account/account-queries';
import { Button } from '../../ui/button';
import { Dialog, DialogActions, DialogBody } from '../../ui/dialog';
import {
  activeFilterCount,
  chooseLevel,
  chooseTopic,
  emptyFilters,
  type FilterState,
  hasActiveFilters,
  toggleSuggested,
  visibleSuggestedFilters,
} from './filter-rules';

interface FiltersProps {
  filters: AcademyFilters | undefined;
  subscription: SubscriptionInfo | undefined;
  state: FilterState;
  onChange(next: FilterState): void;
}

/**
 * The academy filters (issue 20): a compact bar on a tablet or wider; on a phone a "Filtros"
 * button that opens them in a sheet (a dialog), so the bar does not take the small screen. Its
 * "Limpiar filtros" shows while a filter is on, except when the page shows its empty state (which
 * has its own: `showClear` false), so the button is on the page once.
 */
export function FiltersBar({ showClear = true, ...props }: FiltersProps & { showClear?: boolean }) {
  const [sheetOpen, setSheetOpen] = useState(false);
  const active = hasActiveFilters(props.state);
  const count = activeFilterCount(props.state);
  const clear = showClear && active && (
    <Button variant="link" className="filters-clear" onClick={() => props.onChange(emptyFilters)}>
      Limpiar filtros
    </Button>
  );
  return (
    <section className="filters" aria-label="Filtros de contenidos">
      <div className="filters-desktop">
        <FilterControls {...props} />
        {clear}
      </div>
      <div className="filters-mobile">
        <Button
          variant="secondary"
          className="filters-open"
          aria-haspopup="dialog"
          onClick={() => setSheetOpen(true)}
        >
          Filtros
          {count > 0 && (
            <span className="filters-count">
              <span aria-hidden="true">{count}</span>
              <span className="visually-hidden">({count === 1 ? '1 activo' : `${count} activos`})</span>
            </span>
          )}
        </Button>
        {clear}
      </div>
      <Dialog open={sheetOpen} onClose={() => setSheetOpen(false)} title="Filtros" className="dialog-filters">
        <DialogBody>
          <FilterControls {...props} />
          <DialogActions>
            <Button variant="secondary" disabled={!active} onClick={() => props.onChange(emptyFilters)}>
              Limpiar filtros
            </Button>
            <Button onClick={() => setSheetOpen(false)}>Ver resultados</Button>
          </DialogActions>
        </DialogBody>
      </Dialog>
    </section>
  );
}

/** Suggested filters (toggle buttons, hidden by subscription rules), topic and level (one each). */
function FilterControls({ filters, subscription, state, onChange }: FiltersProps) {
  const topicId = useId();
  const levelId = useId();
  const suggested = filters ? visibleSuggestedFilters(filters.suggestedFilters, subscription) : [];
  return (
    <div className="filters-controls">
      {suggested.length > 0 && (
        <ul className="filters-suggested" aria-label="Filtros sugeridos">
          {suggested.map((filter) => (
            <li key={filter.value}>
              <button
                type="button"
                className="filter-toggle"
                aria-pressed={state.suggested === filter.value}
                onClick={() => onChange(toggleSuggested(state, filter.value))}
              >
                {filter.label}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="filters-row">
        <div className="filter-select">
          <label htmlFor={topicId}>Tema</label>
          <select
            id={topicId}
            value={state.topic ?? ''}
            onChange={(event) => onChange(chooseTopic({ ...state, topic: null }, event.target.value || null))}
          >
            <option value="">Todos los temas</option>
            {filters?.customFilters.topic.map((topic) => (
              <option key={topic.value} value={topic.value}>
                {topic.label}
              </option>
            ))}
          </select>
        </div>
        <div className="filter-select">
          <label htmlFor={levelId}>Nivel</label>
          <select
            id={levelId}
            value={state.level ?? ''}
            onChange={(event) => onChange(chooseLevel({ ...state, level: null }, event.target.value || null))}
          >
            <option value="">Todos los niveles</option>
            {filters?.customFilters.level.map((level) => (
              <option key={level.value} value={level.value}>
                {level.label}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}

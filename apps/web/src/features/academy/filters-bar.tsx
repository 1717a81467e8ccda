import type { AcademyFilters } from '@alcancia/contract';
import { useId } from 'react';
import type { SubscriptionInfo } from '../shell/account-queries';
import {
  chooseLevel,
  chooseTopic,
  emptyFilters,
  type FilterState,
  hasActiveFilters,
  toggleSuggested,
  visibleSuggestedFilters,
} from './filter-rules';

/**
 * Sticky filters: suggested filters (toggle buttons, hidden by subscription rules), topic and
 * level (choose one item) and one button that clears the three.
 */
export function FiltersBar({
  filters,
  subscription,
  state,
  onChange,
}: {
  filters: AcademyFilters | undefined;
  subscription: SubscriptionInfo | undefined;
  state: FilterState;
  onChange(next: FilterState): void;
}) {
  const topicId = useId();
  const levelId = useId();
  const suggested = filters ? visibleSuggestedFilters(filters.suggestedFilters, subscription) : [];
  return (
    <section className="filters" aria-label="Filtros de contenidos">
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
        <button
          type="button"
          className="link-button filters-clear"
          disabled={!hasActiveFilters(state)}
          onClick={() => onChange(emptyFilters)}
        >
          Limpiar filtros
        </button>
      </div>
    </section>
  );
}

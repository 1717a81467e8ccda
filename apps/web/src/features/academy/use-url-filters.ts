import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { type FilterState, filtersFromSearch, searchWithFilters } from './filter-rules';

/**
 * The academy filters kept in the address (?filtro=…&categoria=…&nivel=…): a shared link opens
 * with them, and each change is a history entry, so the back button restores the previous ones.
 */
export function useUrlFilters(): [FilterState, (next: FilterState) => void] {
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const state = useMemo(() => filtersFromSearch(new URLSearchParams(query)), [query]);
  const setState = (next: FilterState) =>
    setParams((current) => searchWithFilters(current, next), { preventScrollReset: true });
  return [state, setState];
}

import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  chooseLevel,
  chooseTopic,
  effectiveFilters,
  emptyFilters,
  filtersFromSearch,
  type isSuggestedFilterVisible,
  searchTextToRun,
  searchWithFilters,
  toCatalogFilters,
  toggleSuggested,
  visibleSuggestedFilters,
} from './filter-rules';

const filters = [
  { value: 'popular', label: 'Más vistos', subscriptionRequired: [] },
  { value: 'suggested', label: 'Sugeridos', subscriptionRequired: ['ONLY_SUBSCRIBERS'] },
  { value: 'free', label: 'Gratis', subscriptionRequired: ['ONLY_UNSUBSCRIBERS'] },
  { value: 'block_response', label: 'Respuestas', subscriptionRequired: ['Plan Oro'] },
];
const values = (sub: Parameters<typeof isSuggestedFilterVisible>[1]) =>
  visibleSuggestedFilters(filters, sub).map((f) => f.value);

describe('suggested filter visibility', () => {
  it('hides every filter while the subscription is not loaded', () => {
    expect(values(undefined)).toEqual([]);
  });
  it('shows non-subscribers the open and unsubscriber filters', () => {
    expect(values({ isSubscribed: false, subscriptionPlan: null })).toEqual(['popular', 'free']);
  });
  it('shows subscribers the subscriber filters, and plan filters only for that plan', () => {
    expect(values({ isSubscribed: true, subscriptionPlan: { name: 'Plan Esencial' } })).toEqual([
      'popular',
      'suggested',
    ]);
    expect(values({ isSubscribed: true, subscriptionPlan: { name: 'Plan Oro' } })).toEqual([
      'popular',
      'suggested',
      'block_response',
    ]);
    expect(values({ isSubscribed: true, subscriptionPlan: null })).toEqual(['popular', 'suggested']);
  });
  it('never matches a plan filter for a lapsed subscription', () => {
    expect(values({ isSubscribed: false, subscriptionPlan: { name: 'Plan Oro' } })).toEqual([
      'popular',
      'free',
    ]);
  });
});

describe('filter state', () => {
  it('toggles a suggested filter on and off', () => {
    const on = toggleSuggested(emptyFilters, 'popular');
    expect(on.suggested).toBe('popular');
    expect(toggleSuggested(on, 'popular').suggested).toBeNull();
    expect(toggleSuggested(on, 'offer').suggested).toBe('offer');
  });
  it('sets topic and level by choosing an item', () => {
    const state = chooseLevel(chooseTopic(emptyFilters, 'INVESTMENT'), 'BEGINNER');
    expect(toCatalogFilters(toggleSuggested(state, 'popular'))).toEqual({
      category: 'INVESTMENT',
      level: 'BEGINNER',
      tags: 'popular',
    });
    expect(toCatalogFilters(emptyFilters)).toEqual({});
  });
  it('drops a suggested filter that became hidden', () => {
    const state = toggleSuggested(emptyFilters, 'free');
    expect(effectiveFilters(state, ['popular']).suggested).toBeNull();
    expect(effectiveFilters(state, ['free']).suggested).toBe('free');
    expect(effectiveFilters(state, null).suggested).toBe('free');
  });
});

describe('search text', () => {
  it('runs from 3 characters, trimmed', () => {
    expect(searchTextToRun('in')).toBeNull();
    expect(searchTextToRun('  in  ')).toBeNull();
    expect(searchTextToRun('inv')).toBe('inv');
    expect(searchTextToRun('  inversion   en  pesos ')).toBe('inversion en pesos');
  });
});

describe('filters in the address', () => {
  const params = (query: string) => new URLSearchParams(query);

  it('reads the Spanish parameters back into the filters', () => {
    expect(filtersFromSearch(params('filtro=popular&categoria=INVESTMENT&nivel=BEGINNER'))).toEqual({
      suggested: 'popular',
      topic: 'INVESTMENT',
      level: 'BEGINNER',
    });
    expect(filtersFromSearch(params('categoria=&nivel=%20'))).toEqual(emptyFilters);
    expect(filtersFromSearch(params(`categoria=${'x'.repeat(41)}`)).topic).toBeNull();
  });

  it('writes the filters, drops empty ones and the page, keeps other parameters', () => {
    const next = searchWithFilters(params('nivel=ADVANCED&pagina=3&utm=mail'), {
      suggested: null,
      topic: 'DEBTS',
      level: null,
    });
    expect(next.toString()).toBe('utm=mail&categoria=DEBTS');
  });

  it('round-trips: what is written is what is read', () => {
    const state = { suggested: 'my_purchases', topic: 'ORDER', level: 'INTERMEDIATE' };
    expect(filtersFromSearch(searchWithFilters(params(''), state))).toEqual(state);
    expect(searchWithFilters(params('filtro=popular'), emptyFilters).toString()).toBe('');
  });

  it('counts the filters that are on', () => {
    expect(activeFilterCount(emptyFilters)).toBe(0);
    expect(activeFilterCount({ suggested: 'popular', topic: null, level: 'BEGINNER' })).toBe(2);
  });
});

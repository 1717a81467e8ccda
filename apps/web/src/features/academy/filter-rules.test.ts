import { describe, expect, it } from 'vitest';
import {
  chooseLevel,
  chooseTopic,
  effectiveFilters,
  emptyFilters,
  type isSuggestedFilterVisible,
  searchTextToRun,
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

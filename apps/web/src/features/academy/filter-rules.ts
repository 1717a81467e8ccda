import type { AcademyFilters } from '@alcancia/contract';
import type { CatalogFilters } from '../../shared/catalogue/catalog-api';

/** The academy filters (spec §4): one suggested filter (toggled), one topic, one level. */
export interface FilterState {
  suggested: string | null;
  topic: string | null;
  level: string | null;
}

export const emptyFilters: FilterState = { suggested: null, topic: null, level: null };

export type SuggestedFilter = AcademyFilters['suggestedFilters'][number];

export interface SubscriptionForFilters {
  isSubscribed: boolean;
  subscriptionPlan: { name: string } | null;
}

/**
 * A suggested filter is hidden while the subscription is not loaded, when it needs subscribers
 * and the user is not one, when it is for non-subscribers and the user is subscribed, and when it
 * names plans and the user's plan is not one of them.
 */
export function isSuggestedFilterVisible(
  filter: Pick<SuggestedFilter, 'subscriptionRequired'>,
  subscription: SubscriptionForFilters | undefined,
): boolean {
  if (!subscription) return false;
  const plans: string[] = [];
  for (const requirement of filter.subscriptionRequired) {
    if (requirement === 'ONLY_SUBSCRIBERS') {
      if (!subscription.isSubscribed) return false;
    } else if (requirement === 'ONLY_UNSUBSCRIBERS') {
      if (subscription.isSubscribed) return false;
    } else {
      plans.push(requirement.toLowerCase());
    }
  }
  if (plans.length === 0) return true;
  const plan = subscription.isSubscribed ? subscription.subscriptionPlan?.name.toLowerCase() : undefined;
  return plan !== undefined && plans.includes(plan);
}

export function visibleSuggestedFilters<T extends Pick<SuggestedFilter, 'subscriptionRequired'>>(
  filters: readonly T[],
  subscription: SubscriptionForFilters | undefined,
): T[] {
  return filters.filter((filter) => isSuggestedFilterVisible(filter, subscription));
}

/** A click on a suggested filter turns it on; a second click turns it off. */
export function toggleSuggested(state: FilterState, value: string): FilterState {
  return { ...state, suggested: state.suggested === value ? null : value };
}

/** Choosing a topic or a level sets it; choosing the current one again clears it. */
export function chooseTopic(state: FilterState, value: string | null): FilterState {
  return { ...state, topic: value === state.topic ? null : value };
}

export function chooseLevel(state: FilterState, value: string | null): FilterState {
  return { ...state, level: value === state.level ? null : value };
}

export function hasActiveFilters(state: FilterState): boolean {
  return state.suggested !== null || state.topic !== null || state.level !== null;
}

/** A suggested filter that became hidden (the subscription changed) no longer filters. */
export function effectiveFilters(state: FilterState, visibleValues: readonly string[] | null): FilterState {
  if (state.suggested !== null && visibleValues !== null && !visibleValues.includes(state.suggested)) {
    return { ...state, suggested: null };
  }
  return state;
}

/** The list calls' query (category, level, tags). */
export function toCatalogFilters(state: FilterState): CatalogFilters {
  const filters: CatalogFilters = {};
  if (state.topic) filters.category = state.topic;
  if (state.level) filters.level = state.level;
  if (state.suggested) filters.tags = state.suggested;
  return filters;
}

/* ---------- the filters in the address (issue 20) ---------- */

/** Query parameters of the filters: Spanish names, e.g. /academy?filtro=popular&categoria=INVESTMENT&nivel=BEGINNER. */
export const filterParams = { suggested: 'filtro', topic: 'categoria', level: 'nivel' } as const;

/** The page of /academy/cursos: a filter change starts again at the first page. */
export const pageParam = 'pagina';

const maxValueLength = 40;

/** The filters written in a query string (a missing, empty or overlong value is no filter). */
export function filtersFromSearch(params: URLSearchParams): FilterState {
  const read = (name: string): string | null => {
    const value = params.get(name)?.trim();
    return value && value.length <= maxValueLength ? value : null;
  };
  return {
    suggested: read(filterParams.suggested),
    topic: read(filterParams.topic),
    level: read(filterParams.level),
  };
}

/**
 * The query string for `state`: its filters set (empty ones removed), the page dropped, every
 * other parameter kept as it was.
 */
export function searchWithFilters(params: URLSearchParams, state: FilterState): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const key of ['suggested', 'topic', 'level'] as const) {
    const value = state[key];
    if (value) next.set(filterParams[key], value);
    else next.delete(filterParams[key]);
  }
  next.delete(pageParam);
  return next;
}

/** How many filters are on (the mobile "Filtros" button shows it). */
export function activeFilterCount(state: FilterState): number {
  return [state.suggested, state.topic, state.level].filter((value) => value !== null).length;
}

/* ---------- search ---------- */

export const searchMinLength = 3;
export const searchPauseMs = 800;

/** The text to search for, or null when it is too short (fewer than 3 characters). */
export function searchTextToRun(text: string): string | null {
  const trimmed = text.trim().replace(/\s+/g, ' ');
  return trimmed.length >= searchMinLength ? trimmed : null;
}

import type { CurrentUser, ServiceControl } from '@alcancia/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';
import { argentinaToday, isSubscribedOn } from './account-rules';

/**
 * Account data the shell and the pages share: the current user, the subscription (with the last
 * service origin) and the operator switches. One query key each, so every component reads the
 * same cached answer.
 */

const oneHour = 60 * 60 * 1000;

export const accountKeys = {
  currentUser: ['users', 'current'] as const,
  subscription: ['users', 'subscription'] as const,
  serviceControl: (name: string) => ['service-control', name] as const,
};

export function fetchCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  return apiRequest<CurrentUser>('/users', { signal });
}

export const currentUserQuery = queryOptions({
  queryKey: accountKeys.currentUser,
  queryFn: ({ signal }) => fetchCurrentUser(signal),
  staleTime: 5 * 60 * 1000,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}

/** GET /users/isSubscribed (plus the last service origin), as the shell uses it. */
export interface SubscriptionInfo {
  isSubscribed: boolean;
  subscriptionPlan: { id: string; name: string; weight: number; privateServices: string[] } | null;
  subscriptionEndDate: string | null;
  /** where the current or last subscription came from (PROMO_CODE, …); null when unknown */
  lastUserServiceOrigin: string | null;
}

async function fetchStatus(signal?: AbortSignal): Promise<Omit<SubscriptionInfo, 'lastUserServiceOrigin'>> {
  try {
    return await apiRequest<Omit<SubscriptionInfo, 'lastUserServiceOrigin'>>('/users/isSubscribed', {
      signal,
    });
  } catch (error) {
    // Until the API answers /users/isSubscribed, derive the status from the current user.
    if (!(error instanceof ApiError) || error.status !== 404) throw error;
    const user = await fetchCurrentUser(signal);
    return {
      isSubscribed: isSubscribedOn(user.subscriptionEndDate, argentinaToday()),
      subscriptionPlan: null,
      subscriptionEndDate: user.subscriptionEndDate,
    };
  }
}

async function fetchLastOrigin(signal?: AbortSignal): Promise<string | null> {
  try {
    const body = await apiRequest<{ lastUserServiceOrigin: string | null }>(
      '/users/subscriptions/lastOrigin',
      {
        signal,
      },
    );
    return body?.lastUserServiceOrigin ?? null;
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    // spec §4: if the origin call fails, the origin is null
    return null;
  }
}

/** GET /users/isSubscribed and GET /users/subscriptions/lastOrigin, side by side. */
export async function fetchSubscription(signal?: AbortSignal): Promise<SubscriptionInfo> {
  const [status, lastUserServiceOrigin] = await Promise.all([fetchStatus(signal), fetchLastOrigin(signal)]);
  return { ...status, lastUserServiceOrigin };
}

/** Subscription data: loaded once and cached (spec §4), status and origin together. */
export const subscriptionQuery = queryOptions({
  queryKey: accountKeys.subscription,
  queryFn: ({ signal }) => fetchSubscription(signal),
  staleTime: Number.POSITIVE_INFINITY,
});

export function useSubscription() {
  return useQuery(subscriptionQuery);
}

export type ServiceName = 'COMMUNITY' | 'CHAT_BOT' | 'NEWS' | 'PFM' | 'ALADINA';

/** An operator switch; failures read as disabled (and are only logged). */
export async function fetchServiceControl(name: ServiceName, signal?: AbortSignal): Promise<ServiceControl> {
  try {
    return await apiRequest<ServiceControl>(`/service-control/${name}`, { signal });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    console.warn(`No se pudo leer el servicio ${name}.`, error);
    return serviceOff(name);
  }
}

/** A switch the operator does not have, or that could not be read: off. */
export const serviceOff = (name: string): ServiceControl => ({
  name,
  enabled: false,
  resource: null,
  reference: null,
});

export const serviceControlQuery = (name: ServiceName) =>
  queryOptions({
    queryKey: accountKeys.serviceControl(name),
    queryFn: ({ signal }) => fetchServiceControl(name, signal),
    staleTime: oneHour,
  });

export function useServiceControl(name: ServiceName) {
  return useQuery(serviceControlQuery(name));
}

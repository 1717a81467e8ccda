import type { Credentials } from '@alcancia/contract';
import { useMemo, useSyncExternalStore } from 'react';
import { readCredentials, sessionSnapshot, subscribeToSession } from './session';

/** The current credentials (null when logged out); re-renders when they change in any tab. */
export function useCredentials(): Credentials | null {
  const raw = useSyncExternalStore(subscribeToSession, sessionSnapshot, () => null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: raw is the snapshot the value derives from
  return useMemo(() => readCredentials(), [raw]);
}

export function useIsLoggedIn(): boolean {
  return useCredentials() !== null;
}

import { startTransition, useEffect, useState } from 'react';

/**
 * False until `ready` has been true once; then true, switched in a transition. A page that waits
 * for its first queries shows a placeholder meanwhile and reveals its first screen at once, so
 * nothing moves as the answers arrive one by one (CLS). The switch being a transition, React
 * renders the revealed page in slices of a few milliseconds and runs its effects in a task of
 * their own; a query's answer alone would render it synchronously, in one long task (TBT).
 */
export function useReveal(ready: boolean): boolean {
  const [revealed, setRevealed] = useState(false);
  useEffect(() => {
    if (ready && !revealed) startTransition(() => setRevealed(true));
  }, [ready, revealed]);
  return revealed;
}

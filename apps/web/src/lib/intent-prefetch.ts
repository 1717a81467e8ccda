import { useRef } from 'react';

/** The events that announce a click on a link: the pointer over it, a finger on it, the focus. */
export interface IntentHandlers {
  onPointerEnter(): void;
  onTouchStart(): void;
  onFocus(): void;
}

/** Handlers that run `prefetch` on the first sign of intent, and never again. */
export function intentHandlers(prefetch: () => void): IntentHandlers {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    prefetch();
  };
  return { onPointerEnter: once, onTouchStart: once, onFocus: once };
}

/**
 * A link's prefetch on hover, touch or focus (issue 30): at most once per mounted link. `prefetch`
 * is read when the intent comes, so it sees the current props.
 */
export function useIntentPrefetch(prefetch: () => void): IntentHandlers {
  const latest = useRef(prefetch);
  latest.current = prefetch;
  const handlers = useRef<IntentHandlers | null>(null);
  if (!handlers.current) handlers.current = intentHandlers(() => latest.current());
  return handlers.current;
}

import { lazy, Suspense, useEffect, useState } from 'react';

const PwaPrompts = lazy(() => import('./pwa-prompts'));

/**
 * The installable app's messages (pwa-prompts.tsx), loaded a second after the page has: their
 * code never competes with a first screen's (issue 44).
 */
export function PwaPromptsLater() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const go = () => {
      timer = setTimeout(() => setReady(true), 1000);
    };
    if (document.readyState === 'complete') go();
    else window.addEventListener('load', go, { once: true });
    return () => {
      window.removeEventListener('load', go);
      clearTimeout(timer);
    };
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <PwaPrompts />
    </Suspense>
  ) : null;
}

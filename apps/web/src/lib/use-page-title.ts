import { useEffect } from 'react';

/** Sets the document title as "{page} · Alcancía" so each screen is announced by name. */
export function usePageTitle(page: string): void {
  useEffect(() => {
    document.title = `${page} · Alcancía`;
  }, [page]);
}

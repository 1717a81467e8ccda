import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { pageView } from '../lib/analytics';

/** Sends `pageView` once per visited path (the path only: queries may hold e-mails or codes). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  const last = useRef<string | null>(null);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    pageView(pathname);
  }, [pathname]);
}

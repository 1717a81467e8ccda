import type { ServiceControl } from '@alcancia/contract';
import { useEffect, useState } from 'react';
import { track } from '../../lib/analytics';
import { writeItem } from '../../lib/storage';
import { type SocialProvider, serviceControl } from '../../shared/auth/auth-api';
import { ButtonLink } from '../../ui/button';

/** sessionStorage key: the page to open after the provider sends the user back to /login. */
export const socialFollowingPageKey = 'socialFollowingPage';

interface ProviderButton {
  provider: SocialProvider;
  label: string;
  href: string;
}

/** Only our own origin or https: never a javascript: or data: URL from a misconfigured control. */
export function safeResource(resource: string | null | undefined, origin: string): string | null {
  if (!resource) return null;
  if (resource.startsWith('/') && !resource.startsWith('//')) return resource;
  try {
    const url = new URL(resource);
    if (url.origin === origin || url.protocol === 'https:') return url.href;
  } catch {
    // not a URL
  }
  return null;
}

const providers = [
  { provider: 'google', name: 'SOCIAL_LOGIN_GOOGLE', label: 'Continuar con Google' },
  { provider: 'facebook', name: 'SOCIAL_LOGIN_FACEBOOK', label: 'Continuar con Facebook' },
] as const;

function GoogleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="#4285F4"
        d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8Z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1-3.7 1-2.8 0-5.2-1.9-6.1-4.5H2.2v2.8A11 11 0 0 0 12 23Z"
      />
      <path fill="#FBBC05" d="M5.9 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.2a11 11 0 0 0 0 9.8l3.7-2.8Z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3 .6 4.1 1.6l3.1-3.1A11 11 0 0 0 2.2 7.1l3.7 2.8C6.8 7.3 9.2 5.4 12 5.4Z"
      />
    </svg>
  );
}

function FacebookIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="#1877F2"
        d="M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z"
      />
    </svg>
  );
}

/**
 * The Google and Facebook buttons, only for providers whose service control is enabled and has a
 * resource (the same-origin start URL). Nothing at all is drawn when no provider qualifies.
 */
export function SocialLogin({ followingPage }: { followingPage: string | null }) {
  const [buttons, setButtons] = useState<ProviderButton[]>([]);

  useEffect(() => {
    const abort = new AbortController();
    Promise.all(
      providers.map((p) =>
        serviceControl(p.name, abort.signal).then(
          (control: ServiceControl) => ({ ...p, control }),
          () => null,
        ),
      ),
    ).then((results) => {
      if (abort.signal.aborted) return;
      const found: ProviderButton[] = [];
      for (const result of results) {
        const href = result?.control.enabled
          ? safeResource(result.control.resource, window.location.origin)
          : null;
        if (result && href) found.push({ provider: result.provider, label: result.label, href });
      }
      setButtons(found);
    });
    return () => abort.abort();
  }, []);

  if (buttons.length === 0) return null;
  return (
    <div className="social">
      <p className="divider">
        <span>o continuá con</span>
      </p>
      <ul className="social-list">
        {buttons.map((button) => (
          <li key={button.provider}>
            <ButtonLink
              variant="plain"
              className="button-social"
              href={button.href}
              onClick={() => {
                writeItem(socialFollowingPageKey, followingPage ?? '/', 'session');
                track('social_login_click', { provider: button.provider });
              }}
            >
              {button.provider === 'google' ? <GoogleIcon /> : <FacebookIcon />}
              {button.label}
            </ButtonLink>
          </li>
        ))}
      </ul>
    </div>
  );
}

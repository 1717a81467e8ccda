import * as oidc from 'openid-client';
import type { Config } from '../../config';

export type SocialProviderName = 'google' | 'facebook';

export interface SocialProfile {
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

export interface SocialProvider {
  name: SocialProviderName;
  authorizationUrl(params: { redirectUri: string; state: string; codeChallenge: string }): Promise<string>;
  /** Exchanges the authorization code; throws when the provider refuses it. */
  exchange(params: {
    redirectUri: string;
    code: string;
    state: string;
    codeVerifier: string;
  }): Promise<SocialProfile>;
}

/** Google: OpenID Connect with discovery, PKCE and the id token's claims. */
export function googleProvider(settings: {
  clientId: string;
  clientSecret: string;
  issuer: string;
}): SocialProvider {
  let configuration: Promise<oidc.Configuration> | null = null;
  const configure = () => {
    configuration ??= oidc
      .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
        // The local mock speaks plain http; the real Google never does.
        execute: settings.issuer.startsWith('http://') ? [oidc.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        configuration = null;
        throw error;
      });
    return configuration;
  };
  return {
    name: 'google',
    async authorizationUrl({ redirectUri, state, codeChallenge }) {
      const config = await configure();
      return oidc
        .buildAuthorizationUrl(config, {
          redirect_uri: redirectUri,
          scope: 'openid email profile',
          state,
          code_challenge: codeChallenge,
          code_challenge_method: 'S256',
        })
        .toString();
    },
    async exchange({ redirectUri, code, state, codeVerifier }) {
      const config = await configure();
      const callback = new URL(redirectUri);
      callback.searchParams.set('code', code);
      callback.searchParams.set('state', state);
      const tokens = await oidc.authorizationCodeGrant(config, callback, {
        pkceCodeVerifier: codeVerifier,
        expectedState: state,
      });
      const claims = tokens.claims();
      if (!claims?.sub) throw new Error('id token without subject');
      return {
        subject: claims.sub,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        name: typeof claims.name === 'string' ? claims.name : null,
      };
    },
  };
}

/** Facebook: plain OAuth 2 (it is not full OIDC): code → access token → /me. */
export function facebookProvider(settings: NonNullable<Config['facebook']>): SocialProvider {
  return {
    name: 'facebook',
    async authorizationUrl({ redirectUri, state, codeChallenge }) {
      const url = new URL(settings.authorizationUrl);
      url.search = new URLSearchParams({
        client_id: settings.clientId,
        redirect_uri: redirectUri,
        response_type: 'code',
        scope: 'email,public_profile',
        state,
        code_challenge: codeChallenge,
        code_challenge_method: 'S256',
      }).toString();
      return url.toString();
    },
    async exchange({ redirectUri, code, codeVerifier }) {
      const tokenResponse = await fetch(settings.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          client_id: settings.clientId,
          client_secret: settings.clientSecret,
          redirect_uri: redirectUri,
          code,
          code_verifier: codeVerifier,
          grant_type: 'authorization_code',
        }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!tokenResponse.ok) throw new Error(`token endpoint answered ${tokenResponse.status}`);
      const { access_token: accessToken } = (await tokenResponse.json()) as { access_token?: string };
      if (!accessToken) throw new Error('no access token');
      const me = new URL(settings.meUrl);
      me.searchParams.set('fields', 'id,name,email');
      const meResponse = await fetch(me, {
        headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
        signal: AbortSignal.timeout(10_000),
      });
      if (!meResponse.ok) throw new Error(`/me answered ${meResponse.status}`);
      const profile = (await meResponse.json()) as {
        id?: string;
        sub?: string;
        name?: string;
        email?: string;
      };
      const subject = profile.id ?? profile.sub;
      if (!subject) throw new Error('profile without id');
      // Facebook only returns e-mail addresses its users have confirmed.
      return {
        subject,
        email: profile.email?.toLowerCase() ?? null,
        emailVerified: Boolean(profile.email),
        name: profile.name ?? null,
      };
    },
  };
}

import { OAuth2Server } from 'oauth2-mock-server';

export interface MockIdentity {
  sub: string;
  email: string;
  name: string;
  emailVerified?: boolean;
}

export interface OidcMock {
  /** issuer URL, e.g. http://127.0.0.1:<port> (discovery at /.well-known/openid-configuration) */
  issuer: string;
  /** the identity the next login returns (then back to the default) */
  setNextIdentity(identity: MockIdentity): void;
  close(): Promise<void>;
}

export const defaultMockIdentity: MockIdentity = {
  sub: 'mock-google-demo',
  email: 'social.demo@alcancia.local',
  name: 'Sofía Social',
  emailVerified: true,
};

/**
 * An OpenID Connect provider on loopback (oauth2-mock-server) that plays Google and Facebook in
 * development and tests. Its authorize endpoint answers at once (no login screen) with a code for
 * the current identity; the id token and /userinfo carry that identity's claims.
 */
export async function startOidcMock(): Promise<OidcMock> {
  const server = new OAuth2Server();
  await server.issuer.keys.generate('RS256');
  await server.start(0, '127.0.0.1');
  let next: MockIdentity | null = null;
  let current: MockIdentity = defaultMockIdentity;
  server.service.on('beforeAuthorizeRedirect', () => {
    current = next ?? defaultMockIdentity;
    next = null;
  });
  server.service.on('beforeTokenSigning', (token) => {
    token.payload.sub = current.sub;
    token.payload.email = current.email;
    token.payload.email_verified = current.emailVerified ?? true;
    token.payload.name = current.name;
  });
  server.service.on('beforeUserinfo', (response) => {
    response.body = {
      sub: current.sub,
      id: current.sub,
      email: current.email,
      email_verified: current.emailVerified ?? true,
      name: current.name,
    };
  });
  const issuer = server.issuer.url;
  if (!issuer) throw new Error('OIDC mock did not start');
  return {
    issuer,
    setNextIdentity(identity) {
      next = identity;
    },
    close: () => server.stop(),
  };
}

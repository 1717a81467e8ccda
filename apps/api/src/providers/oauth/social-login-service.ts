import type { OidcMock } from '@alcancia/sandbox';
import type { Config } from '../../config';
import { loadSandbox } from '../sandbox';
import {
  facebookProvider,
  googleProvider,
  type SocialProvider,
  type SocialProviderName,
} from './social-providers';

export interface SocialLogin {
  providers: Partial<Record<SocialProviderName, SocialProvider>>;
  /** the local mock, outside production when no real provider is configured */
  mock: OidcMock | null;
  close(): Promise<void>;
}

/**
 * Real providers from configuration; outside production, providers left unconfigured are played
 * by the local OIDC mock, so the social buttons work on a fresh machine.
 */
export async function createSocialLogin(config: Config): Promise<SocialLogin> {
  const needsMock = !config.isProduction && (!config.google || !config.facebook);
  const mock = needsMock ? await (await loadSandbox(config)).startOidcMock() : null;
  const providers: SocialLogin['providers'] = {};
  if (config.google) providers.google = googleProvider(config.google);
  else if (mock)
    providers.google = googleProvider({
      clientId: 'alcancia-dev',
      clientSecret: 'dev-secret',
      issuer: mock.issuer,
    });
  if (config.facebook) providers.facebook = facebookProvider(config.facebook);
  else if (mock) {
    providers.facebook = facebookProvider({
      clientId: 'alcancia-dev',
      clientSecret: 'dev-secret',
      authorizationUrl: `${mock.issuer}/authorize`,
      tokenUrl: `${mock.issuer}/token`,
      meUrl: `${mock.issuer}/userinfo`,
    });
  }
  return { providers, mock, close: async () => mock?.close() };
}

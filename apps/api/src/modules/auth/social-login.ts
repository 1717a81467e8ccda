import type { socialLoginQuerySchema } from '@alcancia/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { calculatePKCECodeChallenge, randomPKCECodeVerifier, randomState } from 'openid-client';
import type { z } from 'zod';
import { socialIdentities, users } from '../../db/schema';
import { AppError } from '../../errors';
import type { SocialProfile, SocialProviderName } from '../../providers/oauth/social-providers';
import { issueCredentials, takeOverUnverifiedAccount } from './sessions';
import { findUserByEmail } from './users-repository';

const cookieName = 'alcancia_oauth';
const cookiePath = '/api/users/socialLogin';
const failed = () =>
  new AppError(
    'SOCIAL_LOGIN_FAILED',
    400,
    'No pudimos iniciar sesión con la red social. Intentá nuevamente.',
  );

export interface PendingLogin {
  provider: SocialProviderName;
  state: string;
  verifier: string;
}

const redirectUri = (app: FastifyInstance) => `${app.config.publicUrl}/login`;

/**
 * Finds the account of a social profile: by linked identity, else by verified e-mail (linking
 * it), else creates one (country unknown: the onboarding form asks). An unverified provider
 * e-mail never links to an existing account, so nobody takes over an account through a provider;
 * and an existing account never verified loses the password someone else may have set on it.
 */
async function accountFor(app: FastifyInstance, provider: SocialProviderName, profile: SocialProfile) {
  return app.db.transaction(async (tx) => {
    const linked = await tx
      .select({ userId: socialIdentities.userId })
      .from(socialIdentities)
      .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, profile.subject)));
    if (linked[0]) return linked[0].userId;
    if (!profile.email || !profile.emailVerified) throw failed();
    const existing = await findUserByEmail(tx, profile.email);
    let userId = existing?.id;
    if (existing) {
      await takeOverUnverifiedAccount(tx, existing);
      await tx
        .update(users)
        .set({ emailVerifiedAt: sql`now()`, interestsPending: true })
        .where(and(eq(users.id, existing.id), isNull(users.emailVerifiedAt)));
    } else {
      const [created] = await tx
        .insert(users)
        .values({
          email: profile.email,
          name: profile.name?.trim() || profile.email.split('@')[0] || 'Alumna',
          origin: 'social',
          emailVerifiedAt: new Date(),
          // her first social login: the onboarding's questions come next (issue 30)
          interestsPending: true,
        })
        .returning({ id: users.id });
      userId = created?.id;
    }
    if (!userId) throw failed();
    await tx
      .insert(socialIdentities)
      .values({ userId, provider, subject: profile.subject })
      .onConflictDoNothing();
    return userId;
  });
}

/**
 * GET /users/socialLogin/start?provider (the service control's `resource`): the provider's
 * address, with the state and PKCE verifier to remember in a signed cookie until she comes back;
 * null when the provider is not configured or cannot be reached.
 */
export async function startSocialLogin(
  app: FastifyInstance,
  providerName: SocialProviderName,
  log: FastifyBaseLogger,
): Promise<{ url: string; pending: PendingLogin } | null> {
  const provider = app.socialLogin.providers[providerName];
  if (!provider) return null;
  const pending: PendingLogin = {
    provider: provider.name,
    state: randomState(),
    verifier: randomPKCECodeVerifier(),
  };
  try {
    const url = await provider.authorizationUrl({
      redirectUri: redirectUri(app),
      state: pending.state,
      codeChallenge: await calculatePKCECodeChallenge(pending.verifier),
    });
    return { url, pending };
  } catch (error) {
    log.error({ err: error, provider: provider.name }, 'social login could not start');
    return null;
  }
}

/** Keeps the started login in a signed, http-only cookie of the social login's path (10 minutes). */
export function rememberPendingLogin(app: FastifyInstance, reply: FastifyReply, pending: PendingLogin): void {
  reply.setCookie(cookieName, JSON.stringify(pending), {
    path: cookiePath,
    httpOnly: true,
    sameSite: 'lax',
    secure: app.config.isProduction,
    signed: true,
    maxAge: 600,
  });
}

/** The started login this browser's cookie holds (the cookie is cleared), or null. */
export function takePendingLogin(request: FastifyRequest, reply: FastifyReply): PendingLogin | null {
  const raw = request.cookies[cookieName];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  reply.clearCookie(cookieName, { path: cookiePath });
  try {
    return unsigned?.valid && unsigned.value ? (JSON.parse(unsigned.value) as PendingLogin) : null;
  } catch {
    return null;
  }
}

/** GET /users/socialLogin?code&state&channel=web → credentials of the profile's account. */
export async function finishSocialLogin(
  app: FastifyInstance,
  pending: PendingLogin | null,
  query: z.infer<typeof socialLoginQuerySchema>,
  log: FastifyBaseLogger,
) {
  // The state proves this browser started the login (no login CSRF).
  if (!pending || pending.state !== query.state) throw failed();
  const provider = app.socialLogin.providers[pending.provider];
  if (!provider) throw failed();
  let profile: SocialProfile;
  try {
    profile = await provider.exchange({
      redirectUri: redirectUri(app),
      code: query.code,
      state: pending.state,
      codeVerifier: pending.verifier,
    });
  } catch (error) {
    log.warn({ provider: pending.provider, reason: (error as Error).message }, 'social code exchange failed');
    throw failed();
  }
  const userId = await accountFor(app, pending.provider, profile);
  return issueCredentials(app, app.db, userId);
}

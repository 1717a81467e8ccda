import { credentialsSchema, socialLoginQuerySchema } from '@alcancia/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { calculatePKCECodeChallenge, randomPKCECodeVerifier, randomState } from 'openid-client';
import { z } from 'zod';
import { socialIdentities, users } from '../../db/schema';
import { AppError } from '../../errors';
import { credentialLimit } from '../../plugins/rate-limit';
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

interface PendingLogin {
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

export const socialLoginRoutes: FastifyPluginAsyncZod = async (app) => {
  /** The service control's `resource`: remembers state and PKCE verifier, then goes to the provider. */
  app.get(
    '/socialLogin/start',
    {
      schema: {
        tags: ['auth'],
        summary: 'Ir al proveedor social (Google o Facebook)',
        querystring: z.object({ provider: z.enum(['google', 'facebook']) }),
      },
    },
    async (request, reply) => {
      // The browser opened this as a page: a failure goes back to the login page, which says so
      // in Spanish (the provider's own error return has the same shape), never a JSON body.
      const backToLogin = () => reply.redirect('/login?error=unavailable&state=none');
      const provider = app.socialLogin.providers[request.query.provider];
      if (!provider) return backToLogin();
      const pending: PendingLogin = {
        provider: provider.name,
        state: randomState(),
        verifier: randomPKCECodeVerifier(),
      };
      let url: string;
      try {
        url = await provider.authorizationUrl({
          redirectUri: redirectUri(app),
          state: pending.state,
          codeChallenge: await calculatePKCECodeChallenge(pending.verifier),
        });
      } catch (error) {
        request.log.error({ err: error, provider: provider.name }, 'social login could not start');
        return backToLogin();
      }
      reply.setCookie(cookieName, JSON.stringify(pending), {
        path: cookiePath,
        httpOnly: true,
        sameSite: 'lax',
        secure: app.config.isProduction,
        signed: true,
        maxAge: 600,
      });
      return reply.redirect(url);
    },
  );

  /** GET /users/socialLogin?code&state&channel=web → credentials. */
  app.get(
    '/socialLogin',
    {
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sesión con el código del proveedor social',
        querystring: socialLoginQuerySchema,
        response: { 200: credentialsSchema },
      },
      config: credentialLimit(app.config, 'social', 10, 15),
    },
    async (request, reply) => {
      const raw = request.cookies[cookieName];
      const unsigned = raw ? request.unsignCookie(raw) : null;
      reply.clearCookie(cookieName, { path: cookiePath });
      let pending: PendingLogin | null = null;
      try {
        pending = unsigned?.valid && unsigned.value ? (JSON.parse(unsigned.value) as PendingLogin) : null;
      } catch {
        pending = null;
      }
      // The state proves this browser started the login (no login CSRF).
      if (!pending || pending.state !== request.query.state) throw failed();
      const provider = app.socialLogin.providers[pending.provider];
      if (!provider) throw failed();
      let profile: SocialProfile;
      try {
        profile = await provider.exchange({
          redirectUri: redirectUri(app),
          code: request.query.code,
          state: pending.state,
          codeVerifier: pending.verifier,
        });
      } catch (error) {
        request.log.warn(
          { provider: pending.provider, reason: (error as Error).message },
          'social code exchange failed',
        );
        throw failed();
      }
      const userId = await accountFor(app, pending.provider, profile);
      return issueCredentials(app, app.db, userId);
    },
  );
};

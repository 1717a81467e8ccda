import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { currentUserRoutes } from './current-user';
import { loginRoute } from './login';
import { loginMfaRoute } from './login-mfa';
import { recoverPasswordRoutes } from './recover-password';
import { refreshTokenRoutes } from './refresh-token';
import { registerUserRoute } from './register-user';
import { restoreSessionRoute } from './restore-session';
import { socialLoginRoutes } from './social-login';
import { trackEventRoute } from './track-event';
import { validateAccountRoutes } from './validate-account';

/** Accounts and sessions, under /api/users. */
export const authModule: FastifyPluginAsyncZod = async (app) => {
  await app.register(registerUserRoute);
  await app.register(loginRoute);
  await app.register(loginMfaRoute);
  await app.register(refreshTokenRoutes);
  await app.register(validateAccountRoutes);
  await app.register(recoverPasswordRoutes);
  await app.register(restoreSessionRoute);
  await app.register(currentUserRoutes);
  await app.register(socialLoginRoutes);
  await app.register(trackEventRoute);
};

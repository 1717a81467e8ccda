import {
  analyticEventSchema,
  confirmPasswordRequestSchema,
  credentialsQuerySchema,
  credentialsSchema,
  currentUserSchema,
  emailOnlyRequestSchema,
  loginMfaRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  okResponseSchema,
  partialOnboardingRequestSchema,
  refreshTokenRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
  socialLoginQuerySchema,
  validateAccountRequestSchema,
} from '@alcancia/contract';
import type { RateLimitOptions } from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireUserId } from '../../plugins/authentication';
import { credentialLimit } from '../../plugins/rate-limit';
import { completeOnboarding } from './complete-onboarding';
import { getCurrentUser } from './current-user';
import { login } from './login';
import { loginWithSecondFactor, secondFactorLimits } from './login-mfa';
import { registerUser } from './register-user';
import { requestPasswordReset } from './request-password-reset';
import { resendConfirmationCode } from './resend-confirmation-code';
import { resetPassword } from './reset-password';
import { restoreSession } from './restore-session';
import { revokeFamilyOf, rotateRefreshToken } from './sessions';
import { finishSocialLogin, rememberPendingLogin, startSocialLogin, takePendingLogin } from './social-login';
import { trackEvent, trackedUserId } from './track-event';
import { validateAccount } from './validate-account';

/**
 * Accounts and sessions, under /api/users: each route's schema and limits, and a handler that
 * calls its use-case (one file each, named by what it does) and answers.
 */
export const authModule: FastifyPluginAsyncZod = async (app) => {
  signUpRoutes(app);
  sessionRoutes(app);
  profileRoutes(app);
  socialLoginRoutes(app);
};

/** The module's Fastify instance (with the zod type provider). */
type AuthApp = Parameters<FastifyPluginAsyncZod>[0];

/** Registration, validation of her address and a new password by a mailed code. */
function signUpRoutes(app: AuthApp): void {
  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Crear una cuenta',
        body: registerRequestSchema,
        response: { 201: registerResponseSchema },
      },
      config: credentialLimit(app.config, 'register', 5, 10, { perEmail: 5 }),
    },
    async (request, reply) => reply.status(201).send({ userId: await registerUser(app, request.body) }),
  );

  app.post(
    '/validateAccount',
    {
      schema: {
        tags: ['auth'],
        summary: 'Validar la cuenta con el código enviado por correo',
        body: validateAccountRequestSchema,
        response: { 200: okResponseSchema },
      },
      config: credentialLimit(app.config, 'validate', 10, 15, { perEmail: 10 }),
    },
    async (request) => validateAccount(app, request.body),
  );

  app.post(
    '/resendConfirmationCode',
    {
      schema: {
        tags: ['auth'],
        summary: 'Reenviar el código de validación',
        body: emailOnlyRequestSchema,
        response: { 200: okResponseSchema },
      },
      config: credentialLimit(app.config, 'resend', 5, 15, { perEmail: 5 }),
    },
    async (request) => resendConfirmationCode(app, request.body.email),
  );

  app.post(
    '/forgotPassword',
    {
      schema: {
        tags: ['auth'],
        summary:
          'Pedir un código para crear una nueva contraseña (la respuesta es la misma para cualquier correo)',
        body: emailOnlyRequestSchema,
        response: { 200: okResponseSchema },
      },
      config: credentialLimit(app.config, 'forgot', 5, 15, { perEmail: 5 }),
    },
    async (request) => requestPasswordReset(app, request.body.email),
  );

  app.post(
    '/confirmPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Crear una nueva contraseña con el código recibido',
        body: confirmPasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
      config: credentialLimit(app.config, 'confirm-password', 10, 15, { perEmail: 10 }),
    },
    async (request) => resetPassword(app, request.body),
  );
}

/** Sessions: login (and an operator's second step), refresh, logout, a mailed login link. */
function sessionRoutes(app: AuthApp): void {
  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sesión con correo y contraseña',
        body: loginRequestSchema,
        response: { 200: loginResponseSchema },
      },
      config: credentialLimit(app.config, 'login', 10, 15, { perEmail: 20 }),
    },
    async (request) => login(app, request.body),
  );

  const { addressLimit, countOperatorTry } = secondFactorLimits(app);

  app.post(
    '/login/mfa',
    {
      schema: {
        tags: ['auth'],
        summary: 'Segundo paso del ingreso de operadoras: código de la aplicación o de recuperación',
        body: loginMfaRequestSchema,
        response: { 200: credentialsSchema },
      },
      // every try counts for the client's address; a forged token names nobody it could lock out
      config: addressLimit,
    },
    async (request) => loginWithSecondFactor(app, request, request.body, countOperatorTry),
  );

  app.post(
    '/refreshToken',
    {
      schema: {
        tags: ['auth'],
        summary: 'Renovar la sesión',
        body: refreshTokenRequestSchema,
        response: { 200: credentialsSchema },
      },
      config: credentialLimit(app.config, 'refresh', 30, 1),
    },
    async (request) => rotateRefreshToken(app, request.body.refreshToken),
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Cerrar la sesión', body: refreshTokenRequestSchema } },
    async (request, reply) => {
      await revokeFamilyOf(app.db, request.body.refreshToken);
      return reply.status(204).send();
    },
  );

  app.get(
    '/credentials',
    {
      schema: {
        tags: ['auth'],
        summary: 'Iniciar sesión con un enlace enviado por correo',
        querystring: credentialsQuerySchema,
        response: { 200: credentialsSchema },
      },
      config: credentialLimit(app.config, 'credentials', 10, 15, { perEmail: 10 }),
    },
    async (request) => restoreSession(app, request.query.email, request.query.verification_code),
  );
}

/** The caller, her onboarding form, and the usage events the web sends. */
function profileRoutes(app: AuthApp): void {
  app.get(
    '/',
    {
      schema: {
        tags: ['auth'],
        summary: 'Usuario actual',
        security: [{ bearerAuth: [] }],
        response: { 200: currentUserSchema },
      },
    },
    async (request) => getCurrentUser(app.db, requireUserId(request)),
  );

  app.patch(
    '/partialonboarding',
    {
      schema: {
        tags: ['auth'],
        summary: 'Completar el perfil (país, nombre, teléfono)',
        security: [{ bearerAuth: [] }],
        body: partialOnboardingRequestSchema,
        response: { 200: currentUserSchema },
      },
    },
    async (request) => completeOnboarding(app.db, requireUserId(request), request.body),
  );

  app.post(
    '/analytic',
    {
      schema: { tags: ['auth'], summary: 'Registrar un evento de uso', body: analyticEventSchema },
      bodyLimit: 8 * 1024,
      config: app.config.rateLimitEnabled
        ? { rateLimit: { max: 300, timeWindow: 60_000 } as RateLimitOptions }
        : {},
    },
    async (request, reply) => {
      await trackEvent(app.db, trackedUserId(request), request.body);
      return reply.status(204).send();
    },
  );
}

/** Google and Facebook: to the provider and back (state and PKCE in a signed cookie). */
function socialLoginRoutes(app: AuthApp): void {
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
      const started = await startSocialLogin(app, request.query.provider, request.log);
      // The browser opened this as a page: a failure goes back to the login page, which says so
      // in Spanish (the provider's own error return has the same shape), never a JSON body.
      if (!started) return reply.redirect('/login?error=unavailable&state=none');
      rememberPendingLogin(app, reply, started.pending);
      return reply.redirect(started.url);
    },
  );

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
    async (request, reply) =>
      finishSocialLogin(app, takePendingLogin(request, reply), request.query, request.log),
  );
}

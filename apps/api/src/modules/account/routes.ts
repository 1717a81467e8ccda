import {
  accountSecuritySchema,
  changeEmailRequestSchema,
  changePasswordRequestSchema,
  confirmEmailChangeRequestSchema,
  currentUserSchema,
  deleteAccountRequestSchema,
  okResponseSchema,
  updateProfileRequestSchema,
} from '@alcancia/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireUserId } from '../../plugins/authentication';
import { refuseTokensOfRecentRevocations } from '../auth/revoke-access-tokens';
import { perUserLimit } from '../payments/payments-core';
import { confirmEmailChange, requestEmailChange } from './change-email';
import { changePassword } from './change-password';
import { deleteAccount } from './delete-account';
import { exportDataRoute } from './export-data';
import { getAccountSecurity } from './get-account-security';
import { requestDeletionCode } from './request-deletion-code';
import { updateProfile } from './update-profile';

/**
 * Her data and her account (Mi cuenta › Datos and Privacidad), under /api/users: each route's
 * schema and limit, and a handler that calls its use-case and answers. The data export keeps its
 * own route in export-data.ts (its parts are added by other modules: her-data-parts.ts).
 */
export const accountModule: FastifyPluginAsyncZod = async (app) => {
  refuseTokensOfRecentRevocations(app);
  dataRoutes(app);
  privacyRoutes(app);
  await app.register(exportDataRoute);
};

/** The module's Fastify instance (with the zod type provider). */
type AccountApp = Parameters<FastifyPluginAsyncZod>[0];

/** Mi cuenta › Datos: her profile, her password and her e-mail (a code to the new address). */
function dataRoutes(app: AccountApp): void {
  app.patch(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Cambiar mis datos (nombre, teléfono, país, objetivos y nivel)',
        description:
          'Mismas reglas que el registro. Un país ya usado por una compra o un código limitado a países no cambia (409 COUNTRY_CHANGE_NOT_ALLOWED).',
        security: [{ bearerAuth: [] }],
        body: updateProfileRequestSchema,
        response: { 200: currentUserSchema },
      },
      config: perUserLimit(app.config, 'profile-update', 30, 15),
    },
    async (request) => updateProfile(app, requireUserId(request), request.body),
  );

  app.post(
    '/me/password',
    {
      schema: {
        tags: ['account'],
        summary: 'Cambiar mi contraseña (cierra las demás sesiones)',
        description:
          'Pide la contraseña actual (400 WRONG_PASSWORD). Las cuentas sin contraseña (redes sociales) reciben 409 PASSWORD_NOT_SET: la crean con «¿Olvidaste tu contraseña?».',
        security: [{ bearerAuth: [] }],
        body: changePasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
      config: perUserLimit(app.config, 'password-change', 10, 15),
    },
    async (request) => {
      await changePassword(app, requireUserId(request), request.authSessionId, request.body);
      return { ok: true as const };
    },
  );

  app.post(
    '/me/email',
    {
      schema: {
        tags: ['account'],
        summary: 'Pedir un código para cambiar mi correo (se envía al correo nuevo)',
        description: '409 EMAIL_ALREADY_EXISTS si otra cuenta usa ese correo.',
        security: [{ bearerAuth: [] }],
        body: changeEmailRequestSchema,
        response: { 200: okResponseSchema },
      },
      config: perUserLimit(app.config, 'email-change', 5, 15),
    },
    async (request) => {
      await requestEmailChange(app, requireUserId(request), request.body.email);
      return { ok: true as const };
    },
  );

  app.post(
    '/me/email/confirm',
    {
      schema: {
        tags: ['account'],
        summary: 'Confirmar el correo nuevo con el código recibido',
        description: 'Cambia el correo (queda validado) y avisa al correo anterior.',
        security: [{ bearerAuth: [] }],
        body: confirmEmailChangeRequestSchema,
        response: { 200: currentUserSchema },
      },
      config: perUserLimit(app.config, 'email-change-confirm', 10, 15),
    },
    async (request) => confirmEmailChange(app, requireUserId(request), request.body.email, request.body.code),
  );
}

/** Mi cuenta › Privacidad: how she proves it is her, and deleting her account (the export is export-data.ts). */
function privacyRoutes(app: AccountApp): void {
  app.get(
    '/me/security',
    {
      schema: {
        tags: ['account'],
        summary: 'Cómo confirmo que soy yo: contraseña o, sin ella, un código por correo',
        security: [{ bearerAuth: [] }],
        response: { 200: accountSecuritySchema },
      },
    },
    async (request) => getAccountSecurity(app.db, requireUserId(request)),
  );

  app.post(
    '/me/deletion-code',
    {
      schema: {
        tags: ['account'],
        summary: 'Pedir un código por correo para eliminar una cuenta sin contraseña',
        description: '409 PASSWORD_REQUIRED cuando la cuenta tiene contraseña.',
        security: [{ bearerAuth: [] }],
        response: { 200: okResponseSchema },
      },
      config: perUserLimit(app.config, 'deletion-code', 5, 15),
    },
    async (request) => requestDeletionCode(app, requireUserId(request)),
  );

  app.delete(
    '/me',
    {
      schema: {
        tags: ['account'],
        summary: 'Eliminar mi cuenta (Ley 25.326)',
        description:
          'Con `{ password }`, o para cuentas sin contraseña con `{ code }` (POST /users/me/deletion-code). Cancela la renovación de la suscripción, cierra todas las sesiones y borra o anonimiza los datos personales; los pagos se conservan anonimizados.',
        security: [{ bearerAuth: [] }],
        body: deleteAccountRequestSchema,
      },
      config: perUserLimit(app.config, 'account-delete', 10, 15),
    },
    async (request, reply) => {
      await deleteAccount(app, requireUserId(request), request.body);
      return reply.status(204).send();
    },
  );
}

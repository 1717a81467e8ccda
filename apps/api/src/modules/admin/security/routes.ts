import {
  operatorSchema,
  recoveryCodesSchema,
  totpCodeRequestSchema,
  totpConfirmRequestSchema,
  totpEnrolmentSchema,
  totpReauthRequestSchema,
} from '@alcancia/contract/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perUserLimit } from '../../payments/payments-core';
import { confirmTotpEnrolment } from './confirm-totp-enrolment';
import { currentOperator } from './current-operator';
import { replaceOwnRecoveryCodes } from './replace-recovery-codes';
import { startTotpEnrolment } from './start-totp-enrolment';

/**
 * The operator's own access (web: features/admin/security, «Mi acceso»; permission `self`, every
 * role): who she is, a new second factor (QR, confirmed with a code from it, then 10 new recovery
 * codes) and new recovery codes. A new second factor needs her password and her current factor,
 * not only a session (issue 29): the start checks both and hands a 10-minute proof to the
 * confirmation, which asks the password again; the confirmation mails her.
 */
export const securityRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/me',
    {
      schema: {
        tags: ['admin'],
        summary: 'La operadora de la sesión: rol y permisos',
        security: [{ bearerAuth: [] }],
        response: { 200: operatorSchema },
      },
      config: { permission: 'self' },
    },
    async (request) => currentOperator(app, request),
  );

  app.post(
    '/me/totp',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Empezar a registrar un nuevo segundo factor (QR): pide la contraseña y un código actual o de recuperación',
        security: [{ bearerAuth: [] }],
        body: totpReauthRequestSchema,
        response: { 200: totpEnrolmentSchema },
      },
      config: { permission: 'self', ...perUserLimit(app.config, 'admin-totp-start', 10, 15) },
    },
    async (request) => startTotpEnrolment(app, request, request.body),
  );

  app.post(
    '/me/totp/confirm',
    {
      schema: {
        tags: ['admin'],
        summary:
          'Confirmar el nuevo segundo factor con un código (y la contraseña); devuelve 10 códigos de recuperación nuevos',
        security: [{ bearerAuth: [] }],
        body: totpConfirmRequestSchema,
        response: { 200: recoveryCodesSchema },
      },
      config: { permission: 'self', ...perUserLimit(app.config, 'admin-totp-confirm', 10, 15) },
    },
    async (request) => confirmTotpEnrolment(app, request, request.body),
  );

  app.post(
    '/me/recovery-codes',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reemplazar los códigos de recuperación (pide un código de la aplicación)',
        security: [{ bearerAuth: [] }],
        body: totpCodeRequestSchema,
        response: { 200: recoveryCodesSchema },
      },
      config: { permission: 'self', ...perUserLimit(app.config, 'admin-recovery-codes', 10, 15) },
    },
    async (request) => replaceOwnRecoveryCodes(app, request, request.body.code),
  );
};

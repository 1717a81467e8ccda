import {
  operatorSchema,
  recoveryCodesSchema,
  rolePermissions,
  totpCodeRequestSchema,
  totpConfirmRequestSchema,
  totpEnrolmentSchema,
  totpReauthRequestSchema,
} from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../../db/schema';
import { AppError } from '../../../errors';
import { enqueueMail } from '../../../providers/mail/outbox';
import { signEnrolmentProof, verifyEnrolmentProof } from '../../auth/mfa-challenge';
import { acceptTotp, enableTotp, newTotpSecret, otpauthUriOf, qrSvgOf } from '../../auth/operator-totp';
import { recoveryCodesLeft, replaceRecoveryCodes } from '../../auth/recovery-codes';
import { secretBoxFor } from '../../auth/totp-secrets';
import { findUserById } from '../../auth/users-repository';
import { perUserLimit } from '../../payments/payments-core';
import { recordAudit } from '../core/audit';
import { operatorOf } from '../core/operator-guard';
import { secondFactorReplacedMail } from './operator-mails';
import { checkOperatorPassword, reauthenticateOperator } from './operator-reauth';

const wrongCode = () =>
  new AppError(
    'INVALID_MFA_CODE',
    400,
    'El código no es correcto. Ingresá el que muestra ahora tu aplicación.',
  );

/**
 * The operator's own access (permission `self`, every role): who she is, a new second factor
 * (QR, confirmed with a code from it, then 10 new recovery codes) and new recovery codes. A new
 * second factor needs her password and her current factor, not only a session (issue 29): the
 * start checks both and hands a 10-minute proof to the confirmation, which asks the password
 * again; the confirmation mails her.
 */
export const operatorSelfRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => {
      const operator = operatorOf(request);
      return {
        ...operator,
        permissions: [...rolePermissions[operator.role]],
        recoveryCodesLeft: await recoveryCodesLeft(app.db, operator.id),
      };
    },
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
    async (request) => {
      const operator = operatorOf(request);
      const { method } = await reauthenticateOperator(app, operator.id, request.body);
      const secret = newTotpSecret();
      const otpauthUri = otpauthUriOf(operator.email, secret);
      const sealed = secretBoxFor(app.config).seal(secret);
      await app.db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ totpPendingSecret: sealed, updatedAt: sql`now()` })
          .where(eq(users.id, operator.id));
        await recordAudit(tx, request, {
          action: 'operator.totp_enrolment_start',
          targetType: 'operator',
          targetId: operator.id,
          after: { provedWith: method },
        });
      });
      return {
        secret,
        otpauthUri,
        qrSvg: qrSvgOf(otpauthUri),
        enrolmentToken: await signEnrolmentProof(app.config, operator.id, sealed),
      };
    },
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
    async (request) => {
      const operator = operatorOf(request);
      const user = await checkOperatorPassword(app, operator.id, request.body.password);
      const box = secretBoxFor(app.config);
      const sealed = user.totpPendingSecret;
      const pending = sealed ? box.open(sealed) : null;
      if (
        !sealed ||
        !pending ||
        !(await verifyEnrolmentProof(app.config, request.body.enrolmentToken, operator.id, sealed))
      ) {
        throw new AppError(
          'NOT_FOUND',
          404,
          'No hay un segundo factor nuevo para confirmar, o pasaron más de 10 minutos: empezá de nuevo.',
        );
      }
      const step = await acceptTotp(pending, request.body.code, null);
      if (step === null) throw wrongCode();
      const recoveryCodes = await app.db.transaction(async (tx) => {
        await enableTotp(tx, operator.id, sealed, step);
        const codes = await replaceRecoveryCodes(tx, app.config, operator.id);
        await recordAudit(tx, request, {
          action: 'operator.totp_enrol',
          targetType: 'operator',
          targetId: operator.id,
          before: { totpEnabledAt: user.totpEnabledAt },
          after: { recoveryCodes: codes.length },
        });
        await enqueueMail(tx, secondFactorReplacedMail(user.email, user.name));
        return codes;
      });
      app.mail.kick();
      return { recoveryCodes };
    },
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
    async (request) => {
      const operator = operatorOf(request);
      const user = await findUserById(app.db, operator.id);
      const secret = user?.totpSecret ? secretBoxFor(app.config).open(user.totpSecret) : null;
      if (!secret || (await acceptTotp(secret, request.body.code, null)) === null) throw wrongCode();
      const recoveryCodes = await app.db.transaction(async (tx) => {
        const codes = await replaceRecoveryCodes(tx, app.config, operator.id);
        await recordAudit(tx, request, {
          action: 'operator.recovery_codes_replace',
          targetType: 'operator',
          targetId: operator.id,
          after: { recoveryCodes: codes.length },
        });
        return codes;
      });
      return { recoveryCodes };
    },
  );
};

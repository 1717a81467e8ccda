import { adminActionResultSchema } from '@alcancia/contract/admin';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../../db/schema';
import { AppError } from '../../../errors';
import { enqueueMail } from '../../../providers/mail/outbox';
import { validationMail } from '../../auth/account-mails';
import { issueCode } from '../../auth/verification-codes';
import { recordAudit } from '../core/audit';
import { refuseOwnAccount } from '../core/operator-guard';
import { memberIdParams, memberNotFound } from './get-member';

/** POST /admin/members/{id}/validation-mail: a new validation code by mail (the older ones stop working). */
export const resendValidationMailRoute: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/members/:id/validation-mail',
    {
      schema: {
        tags: ['admin'],
        summary: 'Reenviar el correo de validación a un miembro',
        security: [{ bearerAuth: [] }],
        params: memberIdParams,
        response: { 200: adminActionResultSchema },
      },
      config: { permission: 'members' },
    },
    async (request) => {
      refuseOwnAccount(request, request.params.id);
      const [user] = await app.db.select().from(users).where(eq(users.id, request.params.id));
      if (!user || user.deletedAt) throw memberNotFound();
      if (user.emailVerifiedAt) {
        throw new AppError(
          'EMAIL_ALREADY_VERIFIED',
          409,
          'Su correo ya está validado: no hace falta reenviarlo.',
        );
      }
      await app.db.transaction(async (tx) => {
        const code = await issueCode(tx, app.codeSecret, user.id, 'validate_account');
        await enqueueMail(tx, validationMail(app.config.publicUrl, user.email, user.name, code));
        await recordAudit(tx, request, {
          action: 'member.validation_mail',
          targetType: 'member',
          targetId: user.id,
          after: { to: user.email },
        });
      });
      app.mail.kick();
      return { ok: true as const, message: `Le enviamos un correo de validación nuevo a ${user.email}.` };
    },
  );
};

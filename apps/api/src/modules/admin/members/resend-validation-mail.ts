import type { AdminActionResult } from '@alcancia/contract/admin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../../db/schema';
import { AppError } from '../../../errors';
import { enqueueMail } from '../../../providers/mail/outbox';
import { validationMail } from '../../auth/account-mails';
import { issueCode } from '../../auth/verification-codes';
import { recordAudit } from '../core/audit';
import { refuseOwnAccount } from '../core/operator-guard';
import { memberNotFound } from './get-member';

/** POST /admin/members/{id}/validation-mail: a new validation code by mail (the older ones stop working). */
export async function resendValidationMail(
  app: FastifyInstance,
  request: FastifyRequest,
  memberId: string,
): Promise<AdminActionResult> {
  const [user] = await app.db.select().from(users).where(eq(users.id, memberId));
  if (!user || user.deletedAt) throw memberNotFound();
  refuseOwnAccount(request, user.id);
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
}

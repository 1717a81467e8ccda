import { emailOnlyRequestSchema, okResponseSchema, validateAccountRequestSchema } from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { credentialLimit } from '../../plugins/rate-limit';
import { enqueueMail } from '../../providers/mail/outbox';
import { validationMail } from './account-mails';
import { findUserByEmail } from './users-repository';
import { consumeCode, issueCode } from './verification-codes';

const invalidCode = () =>
  new AppError(
    'INVALID_VERIFICATION_CODE',
    400,
    'La validación de su cuenta ha fallado. Por favor, revise su email y compruebe que el correo recibido es el mas reciente.',
  );
const emailNotFound = () => new AppError('EMAIL_NOT_FOUND', 404, 'No encontramos una cuenta con ese correo.');

/** POST /users/validateAccount and POST /users/resendConfirmationCode. */
export const validateAccountRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => {
      const { email, validationCode } = request.body;
      const user = await findUserByEmail(app.db, email);
      // An unknown e-mail is just a failed validation: nothing to learn about accounts here.
      if (!user) throw invalidCode();
      if (user.emailVerifiedAt) {
        throw new AppError(
          'USER_ALREADY_CONFIRMED',
          409,
          'Su usuario ya ha sido validado anteriormente. Puedes loguearte con el email y contraseña correspondiente.',
        );
      }
      const valid = await app.db.transaction(async (tx) => {
        const ok = await consumeCode(tx, app.codeSecret, user.id, 'validate_account', validationCode);
        if (ok) {
          await tx
            .update(users)
            .set({ emailVerifiedAt: sql`now()`, interestsPending: true, updatedAt: sql`now()` })
            .where(eq(users.id, user.id));
        }
        return ok;
      });
      if (!valid) throw invalidCode();
      return { ok: true as const };
    },
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
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (!user) throw emailNotFound();
      if (user.emailVerifiedAt) {
        throw new AppError(
          'EMAIL_ALREADY_VERIFIED',
          409,
          'Tu correo ya está validado. Podés iniciar sesión.',
        );
      }
      await app.db.transaction(async (tx) => {
        const code = await issueCode(tx, app.codeSecret, user.id, 'validate_account');
        await enqueueMail(tx, validationMail(app.config.publicUrl, user.email, user.name, code));
      });
      app.mail.kick();
      return { ok: true as const };
    },
  );
};

import {
  confirmPasswordRequestSchema,
  emailOnlyRequestSchema,
  isValidPassword,
  okResponseSchema,
} from '@alcancia/contract';
import { eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { credentialLimit } from '../../plugins/rate-limit';
import { enqueueMail } from '../../providers/mail/outbox';
import { recoveryMail } from './account-mails';
import { hashPassword } from './password-hashing';
import { revokeAllSessions } from './sessions';
import { findUserByEmail } from './users-repository';
import { consumeCode, issueCode } from './verification-codes';

const invalidCode = () =>
  new AppError('INVALID_VERIFICATION_CODE', 400, 'El código no es válido o venció. Pedí uno nuevo.');

/** POST /users/forgotPassword mails a code; POST /users/confirmPassword sets the new password. */
export const recoverPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/forgotPassword',
    {
      schema: {
        tags: ['auth'],
        summary: 'Pedir un código para crear una nueva contraseña',
        body: emailOnlyRequestSchema,
        response: { 200: okResponseSchema },
      },
      config: credentialLimit(app.config, 'forgot', 5, 15),
    },
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (!user) throw new AppError('EMAIL_NOT_FOUND', 404, 'No encontramos una cuenta con ese correo.');
      if (!user.emailVerifiedAt) {
        throw new AppError('UNVERIFIED_ACCOUNT', 403, 'Primero debes validar tu email.');
      }
      await app.db.transaction(async (tx) => {
        const code = await issueCode(tx, app.codeSecret, user.id, 'reset_password');
        await enqueueMail(tx, recoveryMail(app.config.publicUrl, user.email, user.name, code));
      });
      app.mail.kick();
      return { ok: true as const };
    },
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
      config: credentialLimit(app.config, 'confirm-password', 10, 15),
    },
    async (request) => {
      const { email, password, code } = request.body;
      if (!isValidPassword(password)) {
        throw new AppError('PASSWORD_NOT_VALID', 400, 'La contraseña no cumple los requisitos.');
      }
      const user = await findUserByEmail(app.db, email);
      if (!user) throw invalidCode();
      const passwordHash = await hashPassword(password);
      const done = await app.db.transaction(async (tx) => {
        if (!(await consumeCode(tx, app.codeSecret, user.id, 'reset_password', code))) return false;
        await tx.update(users).set({ passwordHash, updatedAt: sql`now()` }).where(eq(users.id, user.id));
        await revokeAllSessions(tx, user.id);
        return true;
      });
      if (!done) throw invalidCode();
      return { ok: true as const };
    },
  );
};

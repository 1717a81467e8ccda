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
import { recoveryMail, validationMail } from './account-mails';
import { hashPassword } from './password-hashing';
import { revokeAllSessions } from './sessions';
import { findUserByEmail } from './users-repository';
import { consumeCode, issueCode } from './verification-codes';

const invalidCode = () =>
  new AppError('INVALID_VERIFICATION_CODE', 400, 'El código no es válido o venció. Pedí uno nuevo.');

/**
 * POST /users/forgotPassword answers 200 { ok: true } for every well-formed address (issue 40: no
 * account enumeration): a validated account (social-only included) gets a reset code by mail, an
 * unvalidated one a fresh validation link instead, an unknown address nothing. A request inside
 * the code cooldown (verification-codes.ts) sends nothing and answers the same. Limited per
 * address and e-mail, and per e-mail from all addresses (mail bombing). POST /users/confirmPassword
 * sets the new password.
 */
export const recoverPasswordRoutes: FastifyPluginAsyncZod = async (app) => {
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
    async (request) => {
      const user = await findUserByEmail(app.db, request.body.email);
      if (user) {
        const sent = await app.db
          .transaction(async (tx) => {
            if (user.emailVerifiedAt) {
              const code = await issueCode(tx, app.codeSecret, user.id, 'reset_password');
              await enqueueMail(tx, recoveryMail(app.config.publicUrl, user.email, user.name, code));
            } else {
              const code = await issueCode(tx, app.codeSecret, user.id, 'validate_account');
              await enqueueMail(tx, validationMail(app.config.publicUrl, user.email, user.name, code));
            }
            return true;
          })
          .catch((error: unknown) => {
            // the cooldown's 429 would tell a known address from an unknown one: nothing is sent
            if (error instanceof AppError && error.statusCode === 429) return false;
            throw error;
          });
        if (sent) app.mail.kick();
      }
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
      config: credentialLimit(app.config, 'confirm-password', 10, 15, { perEmail: 10 }),
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

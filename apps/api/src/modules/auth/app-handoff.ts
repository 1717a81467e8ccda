import { createHash, randomBytes } from 'node:crypto';
import {
  appHandoffRedeemResponseSchema,
  appHandoffRedeemSchema,
  appHandoffRequestSchema,
  appHandoffResponseSchema,
} from '@alcancia/contract';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { appHandoffCodes } from '../../db/schema';
import { AppError } from '../../errors';
import { requireUserId } from '../../plugins/authentication';
import { credentialLimit } from '../../plugins/rate-limit';
import { issueCredentials } from './sessions';

/** How long the app's code may wait for the web (decision 0353). */
export const handoffTtlMs = 2 * 60_000;

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

const invalidHandoff = () =>
  new AppError(
    'APP_HANDOFF_INVALID',
    400,
    'El enlace de la app venció o ya se usó. Volvé a abrirlo desde la app.',
  );

/**
 * The app's hand-off to the web (issue 44, decision 0353):
 * - POST /users/app-handoff: the app, with its session, asks for a code bound to that session and
 *   to the path it names; the code (random, 256 bits) is kept hashed and lives two minutes.
 * - POST /users/app-handoff/redeem: the web at /login?code=… trades it, once, for a session of its
 *   own (a new refresh-token family), while the app's session is still alive; the answer says where
 *   to go. An unknown, used, expired or orphaned code is the same 400: nothing tells them apart.
 */
export const appHandoffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/app-handoff',
    {
      config: credentialLimit(app.config, 'app-handoff', 10, 1),
      schema: {
        tags: ['auth'],
        summary: 'La app pide un código para abrir la web con su sesión',
        security: [{ bearerAuth: [] }],
        body: appHandoffRequestSchema,
        response: { 201: appHandoffResponseSchema },
      },
    },
    async (request, reply) => {
      const userId = requireUserId(request);
      const familyId = request.authSessionId;
      // an access token without its session (an old token) cannot bind a code to a session
      if (!familyId) throw AppError.unauthorized();
      const code = randomBytes(32).toString('base64url');
      const expiresAt = new Date(Date.now() + handoffTtlMs);
      // codes are kept a day past their end (an audit of recent hand-offs), then go
      await app.db.execute(sql`delete from app_handoff_codes where expires_at < now() - interval '1 day'`);
      await app.db.insert(appHandoffCodes).values({
        codeHash: hashCode(code),
        userId,
        familyId,
        nextPath: request.body.next,
        expiresAt,
      });
      reply.code(201);
      const url = new URL('/deepLink', app.config.publicUrl);
      url.searchParams.set('screen', 'loginPage');
      url.searchParams.set('code', code);
      return { code, expiresAt: expiresAt.toISOString(), url: url.href };
    },
  );

  app.post(
    '/app-handoff/redeem',
    {
      config: credentialLimit(app.config, 'app-handoff-redeem', 10, 15),
      schema: {
        tags: ['auth'],
        summary: 'La web canjea el código de la app por su propia sesión (una vez)',
        body: appHandoffRedeemSchema,
        response: { 200: appHandoffRedeemResponseSchema },
      },
    },
    async (request) => {
      const codeHash = hashCode(request.body.code);
      return app.db.transaction(async (tx) => {
        // claimed in one statement: a second redeem of the same code finds it used
        const { rows } = await tx.execute<{ user_id: string; next_path: string }>(sql`
          update app_handoff_codes h set used_at = now()
           where h.code_hash = ${codeHash} and h.used_at is null and h.expires_at > now()
             and exists (select 1 from refresh_tokens r
                          where r.family_id = h.family_id and r.user_id = h.user_id
                            and r.revoked_at is null and r.expires_at > now())
          returning h.user_id, h.next_path`);
        const claimed = rows[0];
        if (!claimed) throw invalidHandoff();
        const credentials = await issueCredentials(app, tx, claimed.user_id);
        return { ...credentials, next: claimed.next_path };
      });
    },
  );
};

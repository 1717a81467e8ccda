import type { TotpReauthRequest } from '@alcancia/contract/admin';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../../db/schema';
import { signEnrolmentProof } from '../../auth/mfa-challenge';
import { newTotpSecret, otpauthUriOf, qrSvgOf } from '../../auth/operator-totp';
import { secretBoxFor } from '../../auth/totp-secrets';
import { recordAudit } from '../core/audit';
import { operatorOf } from '../core/operator-guard';
import { reauthenticateOperator } from './operator-reauth';

/**
 * POST /admin/me/totp: once her password and current factor prove it is her, a new secret waits
 * (sealed, as pending) for its confirmation; she gets its QR and a 10-minute proof of this start.
 */
export async function startTotpEnrolment(
  app: FastifyInstance,
  request: FastifyRequest,
  input: TotpReauthRequest,
) {
  const operator = operatorOf(request);
  const { method } = await reauthenticateOperator(app, operator.id, input);
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
}

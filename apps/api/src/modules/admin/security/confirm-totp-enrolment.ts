import type { TotpConfirmRequest } from '@alcancia/contract/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../../../errors';
import { enqueueMail } from '../../../providers/mail/outbox';
import { verifyEnrolmentProof } from '../../auth/mfa-challenge';
import { acceptTotp, enableTotp } from '../../auth/operator-totp';
import { replaceRecoveryCodes } from '../../auth/recovery-codes';
import { secretBoxFor } from '../../auth/totp-secrets';
import { recordAudit } from '../core/audit';
import { operatorOf } from '../core/operator-guard';
import { secondFactorReplacedMail } from './operator-mails';
import { checkOperatorPassword, wrongAppCode } from './operator-reauth';

/**
 * POST /admin/me/totp/confirm: her password again, the start's proof and a code of the new app;
 * then the new secret replaces the old one, she gets 10 new recovery codes and a mail, audited.
 */
export async function confirmTotpEnrolment(
  app: FastifyInstance,
  request: FastifyRequest,
  input: TotpConfirmRequest,
): Promise<{ recoveryCodes: string[] }> {
  const operator = operatorOf(request);
  const user = await checkOperatorPassword(app, operator.id, input.password);
  const box = secretBoxFor(app.config);
  const sealed = user.totpPendingSecret;
  const pending = sealed ? box.open(sealed) : null;
  if (
    !sealed ||
    !pending ||
    !(await verifyEnrolmentProof(app.config, input.enrolmentToken, operator.id, sealed))
  ) {
    throw new AppError(
      'NOT_FOUND',
      404,
      'No hay un segundo factor nuevo para confirmar, o pasaron más de 10 minutos: empezá de nuevo.',
    );
  }
  const step = await acceptTotp(pending, input.code, null);
  if (step === null) throw wrongAppCode();
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
}

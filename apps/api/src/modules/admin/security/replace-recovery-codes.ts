import type { FastifyInstance, FastifyRequest } from 'fastify';
import { acceptTotp } from '../../auth/operator-totp';
import { replaceRecoveryCodes } from '../../auth/recovery-codes';
import { secretBoxFor } from '../../auth/totp-secrets';
import { findUserById } from '../../auth/users-repository';
import { recordAudit } from '../core/audit';
import { operatorOf } from '../core/operator-guard';
import { wrongAppCode } from './operator-reauth';

/** POST /admin/me/recovery-codes: a current code of her app, then 10 new recovery codes (the old ones stop working). */
export async function replaceOwnRecoveryCodes(
  app: FastifyInstance,
  request: FastifyRequest,
  code: string,
): Promise<{ recoveryCodes: string[] }> {
  const operator = operatorOf(request);
  const user = await findUserById(app.db, operator.id);
  const secret = user?.totpSecret ? secretBoxFor(app.config).open(user.totpSecret) : null;
  if (!secret || (await acceptTotp(secret, code, null)) === null) throw wrongAppCode();
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
}

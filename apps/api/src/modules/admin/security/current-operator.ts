import { rolePermissions } from '@alcancia/contract/admin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { recoveryCodesLeft } from '../../auth/recovery-codes';
import { operatorOf } from '../core/operator-guard';

/** GET /admin/me: the operator of the session, her permissions and how many recovery codes she has left. */
export async function currentOperator(app: FastifyInstance, request: FastifyRequest) {
  const operator = operatorOf(request);
  return {
    ...operator,
    permissions: [...rolePermissions[operator.role]],
    recoveryCodesLeft: await recoveryCodesLeft(app.db, operator.id),
  };
}

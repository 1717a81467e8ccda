import { type AdminPermission, type OperatorRole, rolePermissions } from '@alcancia/contract/admin';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { users } from '../../../db/schema';
import { AppError } from '../../../errors';
import { requireUserId } from '../../../plugins/authentication';

/** The operator making an /api/admin request, loaded by the guard before the handler runs. */
export interface OperatorContext {
  id: string;
  email: string;
  name: string;
  role: OperatorRole;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** /api/admin routes: the permission the route needs (operator-guard.ts); required there */
    permission?: AdminPermission;
  }
  interface FastifyRequest {
    /** set by the admin guard on every /api/admin request that reaches its handler */
    operator?: OperatorContext;
  }
}

const noAccess = () => AppError.forbidden('No tenés acceso al panel de administración.');
const noPermission = () => AppError.forbidden('Tu rol no permite hacer esto.');
const secondFactorNeeded = () =>
  AppError.forbidden('Para entrar al panel, ingresá con tu contraseña y el código de tu aplicación.');

export const hasPermission = (role: OperatorRole, permission: AdminPermission) =>
  rolePermissions[role].includes(permission);

/**
 * No operator acts on her own account (issue 29, decision 0112): what support does to a member
 * (products, refunds, a subscription's cancellation, sessions, mails) is refused when the member
 * is the operator herself; another operator does it, and the audit log shows who.
 */
export const ownAccountRefused = () =>
  new AppError(
    'OWN_ACCOUNT',
    403,
    'Es tu propia cuenta: no podés hacer esto sobre ella. Pedíselo a otra operadora del equipo.',
  );

/**
 * Pass the member's id as read from her row in the database (the member, the order's or the
 * refund's owner), never the text of the address: PostgreSQL matches a uuid in any letter case, so
 * `/members/{HER-ID-IN-UPPER-CASE}` found her row while a text comparison with the address said
 * "someone else" (issue 40). Both sides are compared in lower case as well.
 */
export function refuseOwnAccount(request: FastifyRequest, memberId: string | null | undefined): void {
  if (memberId && memberId.toLowerCase() === operatorOf(request).id.toLowerCase()) throw ownAccountRefused();
}

/** The operator of an /api/admin handler (the guard guarantees one). */
export function operatorOf(request: FastifyRequest): OperatorContext {
  if (!request.operator) throw noAccess();
  return request.operator;
}

/**
 * The /api/admin guard (issue 18), for the admin module's scope only:
 * - every route there must declare `config: { permission }`, or the app does not start;
 * - no session: 401; a session without the second factor (every learner's, and an operator's from
 *   another login path): 403 FORBIDDEN; a role without the route's permission: 403 FORBIDDEN;
 * - the role is read from the database on each request, so taking it away works at once.
 * Runs on `onRequest`: a refused caller's body is never parsed or validated.
 */
export function registerOperatorGuard(app: FastifyInstance): void {
  app.decorateRequest('operator', undefined);
  app.addHook('onRoute', (route) => {
    if (!route.config?.permission) {
      throw new Error(`${route.method} ${route.url}: admin routes declare config.permission`);
    }
  });
  app.addHook('onRequest', async (request) => {
    const userId = requireUserId(request);
    if (!request.authMfa) throw secondFactorNeeded();
    const [row] = await app.db
      .select({
        id: users.id,
        email: users.email,
        name: users.name,
        role: users.role,
        deletedAt: users.deletedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row?.role || row.deletedAt) throw noAccess();
    const permission = request.routeOptions.config.permission;
    if (!permission || !hasPermission(row.role, permission)) throw noPermission();
    request.operator = { id: row.id, email: row.email, name: row.name, role: row.role };
  });
}

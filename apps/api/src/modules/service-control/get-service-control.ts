import type { ServiceControl } from '@alcancia/contract';
import { inArray } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { serviceControls } from '../../db/schema';
import { AppError } from '../../errors';
import type { SocialLogin } from '../../providers/oauth/social-login-service';

const socialProviderOf: Record<string, 'google' | 'facebook'> = {
  SOCIAL_LOGIN_GOOGLE: 'google',
  SOCIAL_LOGIN_FACEBOOK: 'facebook',
};

/** Switches whose resource is not for everyone (GET /service-control answers without a token). */
const privateResources = new Set(['COMMUNITY']);

/**
 * Operator switches (table service_controls), in one read: those of `names` the operator has, as
 * GET /service-control/{name} and the bootstrap answer show them. A social login is enabled only
 * when the operator enabled it and the provider is configured; its resource is the address that
 * starts the login. The community's address is for members only: GET /community gives it to them.
 */
export async function readServiceControls(
  db: Database,
  socialLogin: SocialLogin,
  names: readonly string[],
): Promise<ServiceControl[]> {
  const rows = await db
    .select()
    .from(serviceControls)
    .where(inArray(serviceControls.name, [...names]));
  return rows.map((row) => {
    const provider = socialProviderOf[row.name];
    if (provider) {
      const available = Boolean(socialLogin.providers[provider]);
      return {
        name: row.name,
        enabled: row.enabled && available,
        resource: row.enabled && available ? `/api/users/socialLogin/start?provider=${provider}` : null,
        reference: row.reference,
      };
    }
    const resource = privateResources.has(row.name) ? null : row.resource;
    return { name: row.name, enabled: row.enabled, resource, reference: row.reference };
  });
}

/** GET /service-control/{name}: one operator switch, anonymous; an unknown name is a 404. */
export async function getServiceControl(
  db: Database,
  socialLogin: SocialLogin,
  name: string,
): Promise<ServiceControl> {
  const [control] = await readServiceControls(db, socialLogin, [name]);
  if (!control) throw AppError.notFound('Servicio desconocido.');
  return control;
}

import { serviceControlSchema } from '@alcancia/contract';
import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serviceControls } from '../../db/schema';
import { AppError } from '../../errors';

const socialProviderOf: Record<string, 'google' | 'facebook'> = {
  SOCIAL_LOGIN_GOOGLE: 'google',
  SOCIAL_LOGIN_FACEBOOK: 'facebook',
};

/** Switches whose resource is not for everyone (this route answers without a token). */
const privateResources = new Set(['COMMUNITY']);

/**
 * GET /service-control/{name}: operator switches (table service_controls). A social login is
 * enabled only when the operator enabled it and the provider is configured; its resource is the
 * address that starts the login.
 */
export const getServiceControlRoute: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/:name',
    {
      schema: {
        tags: ['service-control'],
        summary: 'Estado de un servicio',
        params: z.object({ name: z.string().regex(/^[A-Z_]{2,64}$/) }),
        querystring: z.object({ withoutToken: z.string().optional() }),
        response: { 200: serviceControlSchema },
      },
    },
    async (request) => {
      const { name } = request.params;
      const [row] = await app.db.select().from(serviceControls).where(eq(serviceControls.name, name));
      if (!row) throw AppError.notFound('Servicio desconocido.');
      const provider = socialProviderOf[name];
      if (provider) {
        const available = Boolean(app.socialLogin.providers[provider]);
        return {
          name,
          enabled: row.enabled && available,
          resource: row.enabled && available ? `/api/users/socialLogin/start?provider=${provider}` : null,
          reference: row.reference,
        };
      }
      // The community's address is for members only: GET /community gives it to them.
      const resource = privateResources.has(name) ? null : row.resource;
      return { name, enabled: row.enabled, resource, reference: row.reference };
    },
  );
};

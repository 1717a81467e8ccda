import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { refuseTokensOfRecentRevocations } from '../auth/revoke-access-tokens';
import { changeEmailRoutes } from './change-email';
import { changePasswordRoute } from './change-password';
import { deleteAccountRoute } from './delete-account';
import { exportDataRoute } from './export-data';
import { getAccountSecurityRoute } from './get-account-security';
import { requestDeletionCodeRoute } from './request-deletion-code';
import { updateProfileRoute } from './update-profile';

/** Her data and her account (Mi cuenta › Datos and Privacidad), under /api/users. */
export const accountModule: FastifyPluginAsyncZod = async (app) => {
  refuseTokensOfRecentRevocations(app);
  await app.register(updateProfileRoute);
  await app.register(changePasswordRoute);
  await app.register(changeEmailRoutes);
  await app.register(getAccountSecurityRoute);
  await app.register(exportDataRoute);
  await app.register(requestDeletionCodeRoute);
  await app.register(deleteAccountRoute);
};

import { type BootstrapResponse, bootstrapServiceNames } from '@alcancia/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors';
import { loadCurrentUser } from '../auth/current-user';
import { readFeatureFlags } from '../remote-config/get-feature-flags';
import { readServiceControls } from '../service-control/get-service-control';
import { loadLastServiceOrigin, loadSubscriptionStatus } from '../subscriptions/get-subscription-status';

/**
 * GET /users/me/bootstrap (issue 30, decision 0170): what every logged-in screen needs first, in
 * one round trip instead of five. Each piece comes from the use-case of the endpoint that gives it
 * alone (they keep answering as before), read side by side; private and never stored, as they are.
 */
export async function getBootstrap(app: FastifyInstance, userId: string): Promise<BootstrapResponse> {
  const [user, subscription, origin, featureFlags, serviceControls] = await Promise.all([
    loadCurrentUser(app.db, userId),
    loadSubscriptionStatus(app.db, userId),
    loadLastServiceOrigin(app.db, userId),
    readFeatureFlags(app.db),
    readServiceControls(app.db, app.socialLogin, bootstrapServiceNames),
  ]);
  if (!user || !subscription || !origin) throw AppError.unauthorized();
  return {
    user,
    subscription,
    lastUserServiceOrigin: origin.lastUserServiceOrigin,
    featureFlags,
    serviceControls,
  };
}

import { z } from 'zod';
import { featureFlagsResponseSchema } from './academy';
import { academyHomeCalls } from './academy-home';
import { subscriptionStatusSchema } from './subscriptions';
import { currentUserSchema, serviceControlSchema } from './users';

/* ---------- GET /users/me/bootstrap (issue 30, decision 0170) ---------- */

/** The operator switches every logged-in screen reads (the shell's community and chat, Mis Cuentas, Novedades). */
export const bootstrapServiceNames = ['COMMUNITY', 'CHAT_BOT', 'PFM', 'NEWS'] as const;

/**
 * What every logged-in screen needs first, in one answer: the same bodies GET /users,
 * GET /users/isSubscribed, GET /users/subscriptions/lastOrigin, GET /remote-config/feature-flags and
 * GET /service-control/{name} give (those keep answering as before).
 */
export const bootstrapResponseSchema = z.object({
  /** GET /users: the caller and her profile */
  user: currentUserSchema,
  /** GET /users/isSubscribed */
  subscription: subscriptionStatusSchema,
  /** GET /users/subscriptions/lastOrigin */
  lastUserServiceOrigin: z.string().nullable(),
  /** GET /remote-config/feature-flags */
  featureFlags: featureFlagsResponseSchema,
  /** GET /service-control/{name} of each of `bootstrapServiceNames` the operator has; a missing one is off */
  serviceControls: z.array(serviceControlSchema),
});
export type BootstrapResponse = z.infer<typeof bootstrapResponseSchema>;

/* ---------- GET /users/me/academy-home (issue 30, decision 0230) ---------- */

/**
 * The academy home's first calls (`academyHomeCalls`) answered together: each part is the status and
 * body that a GET of its URL with the same authorization answers at that moment (the same
 * handler answers it), in the list's order.
 */
export const academyHomeAnswersSchema = z.object({
  parts: z.array(
    z.object({
      /** one of `academyHomeCalls` */
      url: z.enum(academyHomeCalls),
      status: z.number().int(),
      /** the single call's body (its own schema; an ErrorResponse when the status is not 2xx) */
      body: z.unknown(),
    }),
  ),
});
export type AcademyHomeAnswers = z.infer<typeof academyHomeAnswersSchema>;

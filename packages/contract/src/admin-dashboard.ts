import { z } from 'zod';
import { adminDateSchema } from './admin-common';

/* ---------- GET /admin/metrics?from&to ---------- */

/** Longest period the dashboard answers for (a year and a day, so a leap year fits). */
export const metricsMaxDays = 367;

export const metricsQuerySchema = z
  .object({
    /** Argentina dates, both inclusive; default: the last 30 days up to today */
    from: adminDateSchema.optional(),
    to: adminDateSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    message: 'La fecha de inicio tiene que ser anterior a la de fin.',
    path: ['from'],
  });
export type MetricsQuery = z.infer<typeof metricsQuerySchema>;

/** Money is centavos of ARS, as everywhere else in the API. */
const centavos = z.number().int();
const count = z.number().int().nonnegative();

export const metricsDaySchema = z.object({
  /** YYYY-MM-DD (Argentina) */
  date: z.string(),
  signUps: count,
  newSubscriptions: count,
  cancelledSubscriptions: count,
  /** approved payments of the day, all products, before refunds */
  revenue: centavos,
});
export type MetricsDay = z.infer<typeof metricsDaySchema>;

export const metricsFunnelStepSchema = z.object({
  /** the stored analytics event, or `paid`: those who walked every step and started a new subscription */
  step: z.enum([
    'subscription_modal',
    'subscription_button_clicked',
    'subscription_checkout_view',
    'subscription_checkout_submit',
    'paid',
  ]),
  /** distinct people (an account, else a browser) who did this step and every one before it in the period */
  count,
});
export type MetricsFunnelStep = z.infer<typeof metricsFunnelStepSchema>;

export const metricsSchema = z.object({
  from: z.string(),
  to: z.string(),
  /** accounts created in the period (operators excluded) */
  signUps: count,
  /** accounts whose e-mail was validated in the period */
  validatedAccounts: count,
  /** members subscribed on the period's last day (today if the period reaches today), by current plan */
  activeSubscribersByPlan: z.array(z.object({ planId: z.string(), planName: z.string(), count })),
  activeSubscribers: count,
  /** free trials started in the period */
  trialsStarted: count,
  /** subscriptions that started in the period (upgrades not counted) */
  newSubscriptions: count,
  /** subscriptions cancelled by their member or an operator in the period */
  cancelledSubscriptions: count,
  /** monthly recurring revenue now: active, not cancelled agreements, per period amount turned monthly */
  mrr: centavos,
  /** cancelled in the period ÷ subscriptions live at its start (0..1), null when none were live */
  churnRate: z.number().nullable(),
  /** approved payments in the period by product */
  revenue: z.object({
    subscriptions: centavos,
    programs: centavos,
    packs: centavos,
    guestMemberships: centavos,
    total: centavos,
  }),
  /** refunds the provider confirmed in the period (withdrawals included) */
  refunds: z.object({ count, amount: centavos }),
  courseStarts: count,
  courseCompletions: count,
  funnel: z.array(metricsFunnelStepSchema),
  days: z.array(metricsDaySchema),
  /** when the figures were computed (ISO) */
  generatedAt: z.string(),
});
export type Metrics = z.infer<typeof metricsSchema>;

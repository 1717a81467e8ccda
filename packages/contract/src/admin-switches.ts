import { z } from 'zod';

/* ---------- GET /admin/service-controls, PUT /admin/service-controls/{name} ---------- */

export const adminServiceControlSchema = z.object({
  name: z.string(),
  enabled: z.boolean(),
  resource: z.string().nullable(),
  reference: z.string().nullable(),
  updatedAt: z.string(),
});
export type AdminServiceControl = z.infer<typeof adminServiceControlSchema>;

export const serviceControlNameSchema = z.object({ name: z.string().regex(/^[A-Z_]{2,64}$/) });

/** The assistants the CHAT_BOT launcher opens (its reference): two vendors and the academy's own (issue 42). */
export const chatVendorReferences = ['CHAT_CUSTOMGPT', 'CHAT_BOTPRESS', 'ALADINA'] as const;

export const updateServiceControlRequestSchema = z.object({
  enabled: z.boolean(),
  /** CHAT_BOT only: which assistant its launcher opens; absent: unchanged */
  reference: z.enum(chatVendorReferences, 'Elegí CHAT_CUSTOMGPT, CHAT_BOTPRESS o ALADINA.').optional(),
  /** its address (the community's, a chat vendor's…); absent: unchanged, null: none */
  resource: z
    .string()
    .trim()
    .max(500)
    // an address, or a provider's code (SUBSCRIPTION_CHECKOUT_PROVIDER: MP or the second provider's)
    .regex(
      /^((https:\/\/|\/)\S*|[A-Za-z][A-Za-z_]{0,19})$/,
      'Una dirección https://, una ruta que empiece con / o el código de un proveedor (MP).',
    )
    .nullable()
    .optional(),
});

/* ---------- GET /admin/feature-flags, PUT /admin/feature-flags/{name} ---------- */

export const adminFeatureFlagSchema = z.object({
  name: z.string(),
  enabled: z.boolean(),
  updatedAt: z.string(),
});
export type AdminFeatureFlag = z.infer<typeof adminFeatureFlagSchema>;

export const featureFlagNameSchema = z.object({ name: z.string().regex(/^[A-Za-z][A-Za-z0-9_]{1,63}$/) });

export const updateFeatureFlagRequestSchema = z.object({ enabled: z.boolean() });

export const switchesSchema = z.object({
  serviceControls: z.array(adminServiceControlSchema),
  featureFlags: z.array(adminFeatureFlagSchema),
});
export type Switches = z.infer<typeof switchesSchema>;

import { z } from 'zod';
import { adminDateSchema, adminPageQuerySchema, adminPageSchema } from './admin-common';

/* ---------- GET /admin/audit-log ---------- */

export const auditLogQuerySchema = adminPageQuerySchema.extend({
  /** the operator: her e-mail (or part of it) or her id */
  actor: z.string().trim().min(1).max(254).optional(),
  /** an action, or its start: `promo_code` finds promo_code.create, promo_code.update… */
  action: z
    .string()
    .trim()
    .regex(/^[a-z_.]{1,64}$/)
    .optional(),
  targetType: z
    .string()
    .trim()
    .regex(/^[a-z_]{1,40}$/)
    .optional(),
  targetId: z.string().trim().min(1).max(200).optional(),
  /** Argentina dates, both inclusive */
  from: adminDateSchema.optional(),
  to: adminDateSchema.optional(),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.string(),
  createdAt: z.string(),
  actorId: z.string().nullable(),
  actorEmail: z.string(),
  actorRole: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  /** the member, operator, course or plan it is about, by name (for the entry's sentence) */
  targetName: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditLogPageSchema = adminPageSchema(auditEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

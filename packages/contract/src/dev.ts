import { z } from 'zod';

/** GET /api/dev/mailbox — development only: mail captured instead of sent. */
export const devMailboxQuerySchema = z.object({
  to: z.string().trim().min(1).max(320).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const capturedMailSchema = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  /** Files that came with it (an invoice's PDF), their bytes in base64. */
  attachments: z.array(
    z.object({ filename: z.string(), contentType: z.string(), contentBase64: z.string() }),
  ),
  createdAt: z.string(),
});

export const devMailboxResponseSchema = z.array(capturedMailSchema);

export type CapturedMail = z.infer<typeof capturedMailSchema>;

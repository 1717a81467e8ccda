import { z } from 'zod';
import { credentialsSchema } from './users';

/**
 * The app's hand-off to the web (issue 44, decision 0353): the app, signed in, asks for a code for
 * one path of the web; it opens `/deepLink?screen=loginPage&code=…`, which lands on
 * `/login?code=…` (no `state`: not a Google/Facebook return); the web trades the code once, within
 * two minutes, for a session of its own and goes to that path.
 */

/** A path of this site: starts with one slash (not `//host`), no backslash or spaces. */
export const handoffPathSchema = z
  .string()
  .trim()
  .max(300)
  .regex(/^\/(?!\/)[^\s\\]*$/, 'Tiene que ser una ruta de Alcancía, como /novedades.');

export const appHandoffRequestSchema = z.object({
  /** where the web goes once signed in; absent: Novedades */
  next: handoffPathSchema.default('/novedades'),
});

export const appHandoffResponseSchema = z.object({
  code: z.string(),
  expiresAt: z.string(),
  /** the link the app opens (the specs' deep link) */
  url: z.string(),
});
export type AppHandoffResponse = z.infer<typeof appHandoffResponseSchema>;

export const appHandoffRedeemSchema = z.object({ code: z.string().trim().min(20).max(100) });

export const appHandoffRedeemResponseSchema = credentialsSchema.extend({ next: z.string() });
export type AppHandoffRedeemResponse = z.infer<typeof appHandoffRedeemResponseSchema>;

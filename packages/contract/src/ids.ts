import { z } from 'zod';

/**
 * A uuid as a route receives it (an account's, an order's), canonical at the door: any letter case
 * is accepted and handed on in lower case, the form PostgreSQL gives back (issue 40). PostgreSQL
 * matches a uuid in any case, so code that compared the address's text with a row's id could be
 * told apart by spelling; with this schema every handler sees the one spelling. Guards still
 * compare with the row they loaded, never with the address.
 */
export const uuidSchema = z.uuid('Usá un identificador válido.').toLowerCase();

/** Params of a route whose `{id}` is a uuid (e.g. /admin/members/{id}). */
export const uuidIdParamsSchema = z.object({ id: uuidSchema });

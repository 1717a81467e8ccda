import type { FastifyReply } from 'fastify';
import type { Viewer } from './viewer';
import { type AccessFacts, isAccessible } from './viewer';

/** Distinct viewers' answers kept per cached list (subscribed or not, a few owners). */
const maxVariants = 32;
const bodies = new WeakMap<object, Map<string, string>>();

/** Cards per number of a variant: bits of a small integer, so the key stays short. */
const bitsPerNumber = 30;

/**
 * What of the viewer a list of cards shows: each card's access, and the date (a program's sale
 * status). Two viewers with the same variant get byte-identical answers. Written as the date and
 * one number per 30 cards whose bits are the cards' access (the key is built and looked up on
 * every request).
 */
export function viewerVariant(rows: readonly AccessFacts[], viewer: Viewer): string {
  let variant = viewer.today;
  let bits = 0;
  let bit = 0;
  for (const row of rows) {
    if (isAccessible(row, viewer)) bits |= 1 << bit;
    bit += 1;
    if (bit === bitsPerNumber) {
      variant += `.${bits}`;
      bits = 0;
      bit = 0;
    }
  }
  return bit === 0 ? variant : `${variant}.${bits}`;
}

/**
 * Sends the JSON of a list built from cached rows, written once per variant of viewer: the first
 * request of a variant builds it and serializes it with the route's own serializer (from the
 * contract, checked against it outside production), the next ones send the same bytes. Kept as
 * long as the rows are (a content change replaces them, and their answers go with them).
 */
export function sendSerialized(
  reply: FastifyReply,
  rows: object,
  variant: string,
  build: () => unknown,
): FastifyReply {
  let byVariant = bodies.get(rows);
  if (!byVariant) {
    byVariant = new Map();
    bodies.set(rows, byVariant);
  }
  let body = byVariant.get(variant);
  if (body === undefined) {
    // The academy serializer (response-serializer.ts) writes strings.
    body = reply.serialize(build()) as string;
    if (byVariant.size >= maxVariants) byVariant.delete(byVariant.keys().next().value as string);
    byVariant.set(variant, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}

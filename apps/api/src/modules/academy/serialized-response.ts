import { createHash } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import {
  chooseEncoding,
  compressionThresholdBytes,
  compressSync,
  type Encoding,
  varyOnEncoding,
} from '../../plugins/compression';
import type { Viewer } from './viewer';
import { type AccessFacts, isAccessible } from './viewer';

/** Distinct viewers' answers kept per cached list (subscribed or not, a few owners). */
const maxVariants = 32;

/**
 * One answer as it is sent: its JSON, its strong validator (a hash of the JSON) and, written the
 * first time a client asks for them, its brotli and gzip bytes.
 */
interface Answer {
  json: string;
  /** the validator without quotes; each encoding's ETag adds a suffix (RFC 9110 §8.8.3) */
  hash: string;
  br?: Buffer;
  gzip?: Buffer;
}
const bodies = new WeakMap<object, Map<string, Answer>>();

const etagSuffix: Record<Encoding | 'identity', string> = { br: '-br', gzip: '-gz', identity: '' };

/**
 * Whether If-None-Match names this answer. Compared weakly (as RFC 9110 asks for If-None-Match),
 * so the tag of any of its encodings matches: the JSON is the same.
 */
export function matchesAnswer(ifNoneMatch: string, hash: string): boolean {
  if (ifNoneMatch.trim() === '*') return true;
  for (const raw of ifNoneMatch.split(',')) {
    const tag = raw.trim().replace(/^W\//, '').replace(/^"|"$/g, '');
    if (tag === hash || tag === `${hash}-br` || tag === `${hash}-gz`) return true;
  }
  return false;
}

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
 *
 * Each answer carries a strong ETag (a hash of its JSON, computed once): a client that sends it
 * back in If-None-Match gets a 304 without a body. Answers above the compression threshold go
 * brotli- or gzip-compressed as the client accepts, compressed once per encoding and kept beside
 * the JSON, so a repeat read is a lookup (the compression plugin leaves them alone).
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
  let answer = byVariant.get(variant);
  if (answer === undefined) {
    // The academy serializer (response-serializer.ts) writes strings.
    const json = reply.serialize(build()) as string;
    answer = { json, hash: createHash('sha1').update(json).digest('base64url') };
    if (byVariant.size >= maxVariants) byVariant.delete(byVariant.keys().next().value as string);
    byVariant.set(variant, answer);
  }
  const { headers } = reply.request;
  const compressible = answer.json.length >= compressionThresholdBytes;
  const encoding = compressible ? chooseEncoding(headers['accept-encoding'], 'br') : null;
  if (compressible) varyOnEncoding(reply);
  // Per-user answers: no shared cache keeps them; the browser keeps them and asks again with the tag.
  reply.header('cache-control', 'private, no-cache');
  reply.header('etag', `"${answer.hash}${etagSuffix[encoding ?? 'identity']}"`);
  const ifNoneMatch = headers['if-none-match'];
  if (ifNoneMatch && matchesAnswer(ifNoneMatch, answer.hash)) return reply.code(304).send();
  reply.type('application/json; charset=utf-8');
  if (!encoding) return reply.send(answer.json);
  let bytes = answer[encoding];
  if (!bytes) {
    bytes = compressSync(encoding, answer.json);
    answer[encoding] = bytes;
  }
  return reply.header('content-encoding', encoding).send(bytes);
}

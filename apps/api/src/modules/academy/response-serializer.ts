import fastJson, { type Schema } from 'fast-json-stringify';
import {
  ResponseSerializationError,
  serializerCompiler as zodSerializerCompiler,
} from 'fastify-type-provider-zod';
import { z } from 'zod';
import { $ZodType } from 'zod/v4/core';

type SerializerCompiler = typeof zodSerializerCompiler;
type Route = Parameters<SerializerCompiler>[0];

/**
 * The academy's response serializer: each route's zod response schema becomes JSON Schema once
 * and fast-json-stringify writes the responses from it, which costs a third of checking every
 * response against zod and then calling JSON.stringify (bench/analysis.md). Like the zod
 * serializer, it writes only the contract's fields.
 *
 * `checkContract` (everywhere but production) still checks each response against the zod schema
 * first and fails the request when it breaks the contract, so tests catch what production would
 * no longer check. A schema JSON Schema cannot express falls back to the zod serializer.
 */
export function academySerializerCompiler(checkContract: boolean): SerializerCompiler {
  return (route: Route) => {
    const { schema, method, url } = route;
    if (!(schema instanceof $ZodType)) return zodSerializerCompiler(route);
    let stringify: (data: unknown) => string;
    try {
      const jsonSchema = z.toJSONSchema(schema, {
        io: 'output',
        target: 'draft-7',
        unrepresentable: 'throw',
      });
      stringify = fastJson(jsonSchema as Schema);
    } catch {
      return zodSerializerCompiler(route);
    }
    if (!checkContract) return stringify;
    return (data: unknown) => {
      const result = z.safeEncode(schema, data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}

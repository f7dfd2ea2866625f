import fastJsonStringify from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler =
  FastifySchemaCompiler<unknown> extends (...args: infer A) => unknown
    ? (...args: A) => (data: unknown) => string
    : never;

const zodOf = (schema: unknown): z.ZodType | undefined => {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
};

/**
 * Writes each answer with a serializer compiled once per route and status from the answer's zod
 * schema, turned into JSON Schema for fast-json-stringify: a field the schema does not declare
 * never leaves the server, and no answer is checked field by field on its way out, which took a
 * third of the API's CPU on its busiest reads. With `validate` (the tests' setting) every answer
 * is also checked against its zod schema first, so a presenter that drifts from its contract
 * fails there instead of being quietly reshaped.
 */
export function responseSerializerCompiler({
  validate,
}: {
  validate: boolean;
}): SerializerCompiler {
  return ({ schema, method, url }) => {
    const contract = zodOf(schema);
    if (!contract) return fastJsonStringify(schema as object);
    const write = fastJsonStringify(
      z.toJSONSchema(contract, { target: 'draft-7', io: 'output' }) as object,
    );
    if (!validate) return write;
    return (data) => {
      const checked = contract.safeEncode(data);
      if (checked.error)
        throw new ResponseSerializationError(method, url, { cause: checked.error });
      return write(data);
    };
  };
}

import fastJsonStringify from 'fast-json-stringify';
import type { FastifySchemaCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

type SerializerCompiler =
  FastifySchemaCompiler<unknown> extends (...args: infer A) => unknown
    ? (...args: A) => (data: unknown) => string
    : never;

type JsonSchema = { [keyword: string]: unknown };

const zodOf = (schema: unknown): z.ZodType | undefined => {
  if (schema instanceof z.ZodType) return schema;
  const properties = (schema as { properties?: unknown } | null)?.properties;
  return properties instanceof z.ZodType ? properties : undefined;
};

/** What decides how a value is written; the rest (patterns, bounds, formats) only validates. */
const SHAPE_KEYWORDS = new Set([
  'type',
  'properties',
  'items',
  'prefixItems',
  'required',
  'additionalProperties',
  'anyOf',
  'oneOf',
  'allOf',
  '$ref',
  '$defs',
  'definitions',
  'const',
]);

const isPrimitive = (schema: unknown): schema is { type: string } =>
  typeof schema === 'object' &&
  schema !== null &&
  Object.keys(schema).length === 1 &&
  typeof (schema as JsonSchema).type === 'string' &&
  !['object', 'array', 'null'].includes((schema as JsonSchema).type as string);

/**
 * The shape alone of a JSON Schema. A nullable string or number becomes `type: [T, 'null']`:
 * written as `anyOf`, fast-json-stringify would validate each value to pick its branch.
 */
function shapeOf(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(shapeOf);
  if (typeof schema !== 'object' || schema === null) return schema;
  const shape: JsonSchema = {};
  for (const [keyword, value] of Object.entries(schema)) {
    if (!SHAPE_KEYWORDS.has(keyword)) continue;
    const named = keyword === 'properties' || keyword === '$defs' || keyword === 'definitions';
    shape[keyword] = named
      ? Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, shapeOf(v)]))
      : shapeOf(value);
  }
  const [first, second, ...more] = (shape.anyOf as unknown[] | undefined) ?? [];
  if (
    more.length === 0 &&
    isPrimitive(first) &&
    (second as JsonSchema | undefined)?.type === 'null'
  ) {
    delete shape.anyOf;
    shape.type = [first.type, 'null'];
  }
  return shape;
}

/**
 * Writes each answer with a serializer compiled once per route and status from the answer's zod
 * schema, turned into JSON Schema for fast-json-stringify: a field the schema does not declare
 * never leaves the server, and no answer is parsed again on its way out. With `validate` (the
 * tests' setting) every answer is also checked against its zod schema first, so a presenter that
 * drifts from its contract fails there instead of being quietly reshaped.
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
      shapeOf(z.toJSONSchema(contract, { target: 'draft-7', io: 'output' })) as object,
    );
    if (!validate) return write;
    return (data) => {
      const checked = contract.safeEncode(data);
      if (checked.error) {
        throw new ResponseSerializationError(method, url, { cause: checked.error });
      }
      return write(data);
    };
  };
}

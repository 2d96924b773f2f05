import fastJsonStringify from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import type { FastifySchemaCompiler } from 'fastify';

/**
 * Response serialization (issue 29 §2, docs/adr/0053): each route's zod response schema is turned
 * once, when the route is registered, into JSON Schema (zod 4's `z.toJSONSchema`, the output side)
 * and compiled by fast-json-stringify, Fastify's own serializer, instead of parsing every answer
 * with zod at runtime and then `JSON.stringify`-ing it (fastify-type-provider-zod's
 * serializerCompiler). zod stays on what comes in (the validator compiler).
 *
 * The JSON an outside client sees is the same (response-serializer.test.ts compares both paths on
 * representative answers): keys in the schema's order, keys the schema does not name left out,
 * absent optional keys absent, `null` kept. What is no longer done per answer is zod's check of
 * our own output (a handler returning a wrong shape was a 500; the types check it at build).
 *
 * A schema JSON Schema cannot express (a transform, a date, a custom check) or that
 * fast-json-stringify cannot compile keeps the zod serializer, so no route loses its answer.
 * `RESPONSE_SERIALIZER=zod` keeps the zod serializer everywhere (for before/after measurements).
 */
export type ResponseSerializerMode = 'compiled' | 'zod';

type RouteSchema = Parameters<FastifySchemaCompiler<z.ZodType>>[0] & { httpStatus?: string };

/**
 * The JSON Schema (draft 7) of the answers `schema` describes, as fast-json-stringify is to write
 * them, or null when it has none or it would not write them as zod does.
 *
 * `required` is taken out everywhere: fast-json-stringify writes required keys first, zod in the
 * schema's order, and the order is kept only without it (presence is the handler's, checked by the
 * types; an absent key is left out either way). Without `required` two object branches of one
 * union could no longer be told apart, so a union of objects stays with zod.
 */
export function responseJsonSchema(schema: z.ZodType): Record<string, unknown> | null {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as Record<string, unknown>;
  } catch {
    return null;
  }
  delete json.$schema;
  return withoutRequired(json) ? json : null;
}

/** Deletes `required` throughout `node` in place; false when a union has two object branches. */
function withoutRequired(node: unknown): boolean {
  if (Array.isArray(node)) return node.every(withoutRequired);
  if (node === null || typeof node !== 'object') return true;
  const record = node as Record<string, unknown>;
  delete record.required;
  for (const key of ['anyOf', 'oneOf']) {
    const branches = record[key];
    if (Array.isArray(branches) && branches.filter(isObjectSchema).length > 1) return false;
  }
  if ('allOf' in record || 'if' in record || 'not' in record) return false;
  return Object.entries(record).every(([key, value]) =>
    // Maps of names to schemas (a property may be called "required"): each value is a schema.
    SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object' && !Array.isArray(value)
      ? Object.values(value).every(withoutRequired)
      : withoutRequired(value),
  );
}

const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);

function isObjectSchema(node: unknown): boolean {
  if (node === null || typeof node !== 'object') return false;
  const record = node as Record<string, unknown>;
  return record.type === 'object' || 'properties' in record || '$ref' in record || 'anyOf' in record || 'oneOf' in record;
}

/** A serializer of `schema`'s answers by fast-json-stringify, or null when it cannot be compiled. */
export function compileResponseSerializer(schema: z.ZodType): ((data: unknown) => string) | null {
  const json = responseJsonSchema(schema);
  if (json === null) return null;
  try {
    return fastJsonStringify(json as unknown as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string;
  } catch {
    return null;
  }
}

/** The app's serializer compiler: compiled from JSON Schema where it can be, zod's elsewhere. */
export function createResponseSerializerCompiler(mode: ResponseSerializerMode = 'compiled') {
  return (route: RouteSchema): ((data: unknown) => string) => {
    const zodSerializer = zodSerializerCompiler(route as never) as (data: unknown) => string;
    if (mode === 'zod' || !(route.schema instanceof z.ZodType)) return zodSerializer;
    return compileResponseSerializer(route.schema) ?? zodSerializer;
  };
}

import fastJsonStringify from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as validatingSerializer } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type Serializer = (data: unknown) => string;
type SerializerCompiler = Parameters<typeof validatingSerializer>[0];

/** `anyOf: [{type: 'string'}, {type: 'null'}]` (zod's nullable) as `type: ['string', 'null']`, which the compiler
 * writes directly instead of trying each branch at run time. */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf;
  if (
    Array.isArray(anyOf) &&
    anyOf.every(
      (b) => typeof b === 'object' && b && Object.keys(b).length === 1 && typeof b.type === 'string',
    )
  ) {
    delete out.anyOf;
    out.type = anyOf.map((b: { type: string }) => b.type);
  }
  return out;
}

/** The JSON Schema of an answer as it goes out (zod's input side), or null when zod cannot express the schema. */
export function answerJsonSchema(schema: z.ZodType): JsonSchema | null {
  try {
    const json = z.toJSONSchema(schema, { io: 'input', target: 'draft-7', unrepresentable: 'throw' });
    delete json.$schema;
    return simplify(json) as JsonSchema;
  } catch {
    return null;
  }
}

/** Serialisers by schema: every call's ten error answers share one envelope, compiled once, not once a route. */
const compiled = new WeakMap<z.ZodType, Serializer | null>();

/** A serialiser compiled from the answer's schema (fast-json-stringify), or null when it cannot be compiled. */
export function compiledSerializer(schema: z.ZodType): Serializer | null {
  let serializer = compiled.get(schema);
  if (serializer === undefined) {
    const json = answerJsonSchema(schema);
    serializer = json ? (fastJsonStringify(json) as Serializer) : null;
    compiled.set(schema, serializer);
  }
  return serializer;
}

/**
 * The app's serializer compiler: with `validate` (tests, development) zod checks each answer before JSON.stringify;
 * without, a serialiser compiled from the schema writes it (decisions.md "Compiled answer serialisation").
 */
export function answerSerializerCompiler(validate: boolean): FastifySerializerCompiler<unknown> {
  return ((route: SerializerCompiler) => {
    const schema = route.schema;
    const serializer = !validate && schema instanceof z.ZodType ? compiledSerializer(schema) : null;
    return serializer ?? validatingSerializer(route);
  }) as FastifySerializerCompiler<unknown>;
}

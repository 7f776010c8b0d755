import type { z } from 'zod';

/** Inputs derived from a call's zod 4 schema (`schema.def`) for the security suite: a valid sample and bad variants. */

type Def = { type: string; [k: string]: unknown };
type Check = { _zod: { def: { check: string; [k: string]: unknown } } };

const defOf = (schema: z.ZodType): Def => (schema as unknown as { def: Def }).def;
const checksOf = (def: Def): Check['_zod']['def'][] =>
  ((def.checks as Check[] | undefined) ?? []).map((c) => c._zod.def);

/** Field values the caller supplies by key, at any depth (e.g. patient_id → a real patient). */
export type KnownValues = Readonly<Record<string, unknown>>;

/** The schema under optional/nullable/default/readonly wrappers. */
export function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (['optional', 'nullable', 'default', 'prefault', 'readonly', 'catch', 'nonoptional'].includes(def.type))
    return unwrap(def.innerType as z.ZodType);
  if (def.type === 'pipe') return unwrap(def.in as z.ZodType);
  return schema;
}

/** Whether a field may be left out of its object. */
function optional(schema: z.ZodType): boolean {
  const type = defOf(schema).type;
  return type === 'optional' || type === 'default' || type === 'prefault';
}

const TODAY = new Date().toISOString().slice(0, 10);
const STRING_CANDIDATES = ['x', 'Test', TODAY, '1', 'a@b.test', 'A1b2', 'sms'];

function sampleString(def: Def): string {
  let min = 0;
  let max = Number.POSITIVE_INFINITY;
  let pattern: RegExp | undefined;
  for (const check of checksOf(def)) {
    if (check.check === 'min_length') min = check.minimum as number;
    if (check.check === 'max_length') max = check.maximum as number;
    if (check.check === 'length_equals') min = max = check.length as number;
    if (check.check === 'string_format') {
      if (check.format === 'date') return TODAY;
      if (check.format === 'datetime') return new Date().toISOString();
      if (check.format === 'email') return 'a@b.test';
      if (check.format === 'uuid' || check.format === 'guid') return crypto.randomUUID();
      if (check.pattern instanceof RegExp) pattern = check.pattern;
    }
  }
  const fits = (s: string) => s.length >= min && s.length <= max && (!pattern || pattern.test(s));
  return STRING_CANDIDATES.find(fits) ?? crypto.randomUUID().slice(0, Math.max(min, Math.min(max, 8)));
}

function sampleNumber(def: Def): number {
  let value = 1;
  for (const check of checksOf(def)) {
    if (check.check === 'greater_than') {
      const bound = check.value as number;
      if (value < bound || (value === bound && !check.inclusive)) value = Math.floor(bound) + 1;
    }
    if (check.check === 'less_than') {
      const bound = check.value as number;
      if (value > bound || (value === bound && !check.inclusive)) value = Math.ceil(bound) - 1;
    }
  }
  return value;
}

/** A value the schema accepts (refinements aside; the caller checks), with `values` used by key. */
export function sample(schema: z.ZodType, values: KnownValues = {}): unknown {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
        if (key in values) {
          const value = values[key];
          // A list of ids (e.g. alert_id) given one id.
          const list = defOf(unwrap(field)).type === 'array' && !Array.isArray(value);
          out[key] = list ? [value] : value;
        } else if (!optional(field)) out[key] = sample(field, values);
      }
      return out;
    }
    case 'string':
      return sampleString(def);
    case 'number':
    case 'int':
      return sampleNumber(def);
    case 'bigint':
      return 1n;
    case 'boolean':
      return false;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'array': {
      const min = checksOf(def).find((c) => c.check === 'min_length')?.minimum as number | undefined;
      return Array.from({ length: min ?? 0 }, () => sample(def.element as z.ZodType, values));
    }
    case 'union': {
      const options = def.options as z.ZodType[];
      const valid = options.map((o) => sample(o, values)).find((v, i) => options[i]?.safeParse(v).success);
      return valid ?? sample(options[0] as z.ZodType, values);
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
    case 'catch':
    case 'nonoptional':
      return sample(def.innerType as z.ZodType, values);
    case 'pipe': {
      // A coerced input piped into a literal (e.g. roleid=7): the output's value may be the input too.
      const out = sample(def.out as z.ZodType, values);
      return schema.safeParse(out).success ? out : sample(def.in as z.ZodType, values);
    }
    case 'lazy':
      return sample((def.getter as () => z.ZodType)(), values);
    case 'record':
      return {};
    case 'date':
      return new Date();
    default:
      return null;
  }
}

/** One bad variant of a body: what was changed and the body sent. */
export interface BadInput {
  readonly label: string;
  readonly body: unknown;
}

const LONG = 'x'.repeat(100_000);

function wrongType(value: unknown): unknown {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not a number';
  if (typeof value === 'boolean') return 'yes';
  if (Array.isArray(value)) return { not: 'an array' };
  if (value !== null && typeof value === 'object') return 'not an object';
  return ['not', 'this'];
}

/** The replacements tried on one field: each kept only when the schema refuses the body it makes. */
function fieldVariants(field: z.ZodType, value: unknown): [string, unknown][] {
  const inner = defOf(unwrap(field));
  const variants: [string, unknown][] = [
    ['wrong type', wrongType(value)],
    ['null', null],
    ['a 100k-character string', LONG],
    ['a negative number', -1],
    ['a huge number', 1e308],
    ['an integer beyond PostgreSQL integer', 2 ** 31],
    ['a fraction', 1.5],
  ];
  const max = checksOf(inner).find((c) => c.check === 'max_length')?.maximum as number | undefined;
  if (inner.type === 'string' && max !== undefined)
    variants.push([`a string of ${max + 1} characters`, 'x'.repeat(max + 1)]);
  if (inner.type === 'array' && max !== undefined)
    variants.push([`${max + 1} items`, Array(max + 1).fill(value)]);
  return variants;
}

/**
 * Bad variants of a valid object body, field by field (nested objects too): missing, wrong type, null, over-long,
 * negative, huge, fractional; an extra unknown field when the object is strict; and a body that is not an object.
 * Only variants the schema refuses are kept, so each must be answered 4xx.
 */
export function badInputs(schema: z.ZodType, valid: unknown): BadInput[] {
  const out: BadInput[] = [];
  const seen = new Set<string>();
  const keep = (label: string, body: unknown) => {
    const text = JSON.stringify(body);
    if (seen.has(text) || schema.safeParse(body).success) return;
    seen.add(text);
    out.push({ label, body });
  };
  const walk = (
    node: z.ZodType,
    at: Record<string, unknown>,
    path: string[],
    rebuild: (v: Record<string, unknown>) => unknown,
  ) => {
    const def = defOf(node);
    if (def.type !== 'object') return;
    for (const [key, field] of Object.entries(def.shape as Record<string, z.ZodType>)) {
      const name = [...path, key].join('.');
      const { [key]: _dropped, ...without } = at;
      keep(`${name} missing`, rebuild(without));
      for (const [label, value] of fieldVariants(field, at[key]))
        keep(`${name}: ${label}`, rebuild({ ...at, [key]: value }));
      const inner = unwrap(field);
      const child = at[key];
      if (defOf(inner).type === 'object' && child && typeof child === 'object' && !Array.isArray(child))
        walk(inner, child as Record<string, unknown>, [...path, key], (v) => rebuild({ ...at, [key]: v }));
    }
    const catchall = def.catchall as z.ZodType | undefined;
    if (catchall && defOf(catchall).type === 'never')
      keep(`${path.join('.') || 'body'}: an unknown field`, rebuild({ ...at, unknown_field: 1 }));
  };
  const root = unwrap(schema);
  if (valid && typeof valid === 'object' && !Array.isArray(valid))
    walk(root, valid as Record<string, unknown>, [], (v) => v);
  keep('body: an array', [valid]);
  keep('body: a string', 'not an object');
  keep('body: empty object', {});
  return out;
}

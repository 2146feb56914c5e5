// Valid-ish values from a zod 4 schema, by walking its definition (`schema._zod.def`). "Valid-ish":
// the shapes, lengths, enums and ranges the schema states, so most generated requests get past
// validation and reach the handler; refinements and transforms are not modelled.
import fc from 'fast-check';

type Def = { type: string; [key: string]: unknown };
type Check = { check?: string; format?: string; value?: number; inclusive?: boolean; minimum?: number; maximum?: number; length?: number; pattern?: RegExp };

export const isZodSchema = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && '_zod' in value && typeof (value as { _zod: { def?: Def } })._zod.def?.type === 'string';

export const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

const checksOf = (def: Def): Check[] => ((def.checks as Array<{ _zod: { def: Check } }> | undefined) ?? []).map((check) => check._zod.def);

// Object schemas: their keys, for mutations that drop or replace one field.
export const objectKeys = (schema: unknown): string[] => {
  if (!isZodSchema(schema)) return [];
  const def = defOf(schema);
  if (def.type === 'object') return Object.keys(def.shape as Record<string, unknown>);
  if (def.type === 'pipe') return objectKeys(def.in);
  if (def.type === 'optional' || def.type === 'nullable' || def.type === 'default') return objectKeys(def.innerType);
  return [];
};

const textUnit = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'.split(''));

const stringArbitrary = (def: Def): fc.Arbitrary<string> => {
  const checks = checksOf(def);
  // a string whose format is on the definition itself (z.email(), z.uuid(), the pipe's output)
  const format = (def.format as string | undefined) ?? checks.find((check) => check.check === 'string_format')?.format;
  const pattern = (def.pattern as RegExp | undefined) ?? checks.find((check) => check.format === 'regex')?.pattern;
  let min = 0;
  let max = 40;
  for (const check of checks) {
    if (check.check === 'min_length') min = Math.max(min, check.minimum ?? 0);
    if (check.check === 'max_length') max = Math.min(max, check.maximum ?? max);
    if (check.check === 'length_equals') min = max = check.length ?? 0;
  }
  if (format === 'email') return fc.emailAddress().filter((email) => email.length <= 254);
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (format === 'url') return fc.webUrl();
  if (pattern) return fc.stringMatching(pattern).filter((text) => text.length <= Math.max(max, 64));
  return fc.string({ unit: textUnit, minLength: Math.min(min, max), maxLength: Math.max(min, max) });
};

const numberArbitrary = (def: Def): fc.Arbitrary<number> => {
  let integer = false;
  let min = -1_000_000;
  let max = 1_000_000;
  for (const check of checksOf(def)) {
    if (check.check === 'number_format' && (check.format === 'safeint' || check.format === 'int32')) integer = true;
    if (check.check === 'greater_than') min = Math.max(min, (check.value ?? min) + (check.inclusive ? 0 : integer ? 1 : 1e-6));
    if (check.check === 'less_than') max = Math.min(max, (check.value ?? max) - (check.inclusive ? 0 : integer ? 1 : 1e-6));
  }
  if (integer || checksOf(def).some((check) => check.check === 'number_format')) {
    // small values first: ids and page numbers live there
    const low = Math.ceil(min);
    const high = Math.floor(max);
    return fc.oneof({ arbitrary: fc.integer({ min: low, max: Math.min(high, low + 50) }), weight: 3 }, { arbitrary: fc.integer({ min: low, max: high }), weight: 1 });
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
};

export type Hints = Record<string, fc.Arbitrary<unknown>>;

// `hints` overrides a field by name (JSON-encoded id lists in query strings, for instance).
export const validArbitrary = (schema: unknown, hints: Hints = {}): fc.Arbitrary<unknown> => {
  if (!isZodSchema(schema)) return fc.constant(undefined);
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 1000n }).map(String);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries as Record<string, string | number>));
    case 'literal':
      return fc.constantFrom(...(def.values as unknown[]));
    case 'optional':
    case 'default':
    case 'prefault':
      return fc.option(validArbitrary(def.innerType, hints), { nil: undefined, freq: 3 });
    case 'nullable':
      return fc.option(validArbitrary(def.innerType, hints), { nil: null, freq: 4 });
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return validArbitrary(def.innerType, hints);
    case 'pipe': {
      // z.email() style pipes carry the format on their output; transforms only on the input
      const out = defOf(def.out);
      if (out.type === 'string' && defOf(def.in).type === 'string') return stringArbitrary({ ...defOf(def.in), format: out.format, pattern: out.pattern });
      return validArbitrary(def.in, hints);
    }
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      const fields = Object.fromEntries(Object.entries(shape).map(([key, value]) => [key, hints[key] ?? validArbitrary(value, hints)]));
      return fc.record(fields).map((record) => Object.fromEntries(Object.entries(record).filter(([, value]) => value !== undefined)));
    }
    case 'array': {
      const max = checksOf(def).find((check) => check.check === 'max_length')?.maximum ?? 5;
      const min = checksOf(def).find((check) => check.check === 'min_length')?.minimum ?? 0;
      return fc.array(validArbitrary(def.element, hints), { minLength: min, maxLength: Math.max(min, Math.min(max, 5)) });
    }
    case 'tuple':
      return fc.tuple(...(def.items as unknown[]).map((item) => validArbitrary(item, hints)));
    case 'union':
      return fc.oneof(...(def.options as unknown[]).map((option) => validArbitrary(option, hints)));
    case 'record':
      return fc.dictionary(fc.string({ unit: textUnit, minLength: 1, maxLength: 10 }), validArbitrary(def.valueType, hints), { maxKeys: 3 });
    default:
      // unknown, any, custom, lazy…: anything JSON can carry
      return fc.jsonValue({ maxDepth: 2 });
  }
};

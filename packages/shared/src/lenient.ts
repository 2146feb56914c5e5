// How the server reads a request schema (CONVENTIONS "The API's manners"): exact in what it
// answers, forgiving in what it accepts. `lenient(schema)` is a copy of a shared schema that
//   - strips keys the schema does not know instead of refusing them (never stored, never a 400);
//   - takes the loose forms the product family's clients send for known fields: 0/1, '0'/'1' and
//     'true'/'false' for booleans (and for yes/no text enums such as 'enabled'/'disabled'),
//     numeric strings for numbers, a number for the text enums and literals that spell it;
//   - reads null or '' as "absent" on a field that may be absent but does not accept that value
//     itself; a nullable field still takes null (it clears the value), a text field still takes ''.
// Anything else is refused as before, with the same field paths and message keys. The web's
// forms keep the strict schemas; the server validates every route part with this copy.
import { z } from 'zod';

type Schema = z.ZodType;
type Def = { type: string; [key: string]: unknown };

const defOf = (schema: Schema) => schema._zod.def as unknown as Def;

// A copy of `schema` with some definition entries replaced. Copying property descriptors keeps
// the definition's getters (a default value is produced afresh on every parse).
const rebuilt = (schema: Schema, changes: Record<string, unknown>): Schema => {
  const descriptors = { ...Object.getOwnPropertyDescriptors(schema._zod.def), ...Object.getOwnPropertyDescriptors(changes) };
  return schema.clone(Object.defineProperties({}, descriptors) as Schema['_zod']['def']);
};

const BOOLEAN_FORMS = new Map<unknown, boolean>([
  [true, true],
  [false, false],
  [1, true],
  [0, false],
  ['1', true],
  ['0', false],
  ['true', true],
  ['false', false],
]);
const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

const asBoolean = (value: unknown) => (BOOLEAN_FORMS.has(value) ? BOOLEAN_FORMS.get(value) : value);
const asNumber = (value: unknown) => (typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : value);

// The value among `allowed` that `value` spells (1 for '1', '1' for 1), or `value` unchanged.
const asOneOf = (allowed: readonly unknown[], value: unknown) => {
  if (allowed.includes(value)) return value;
  const spellings = [asNumber(value), typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined, asBoolean(value)];
  return spellings.find((spelling) => spelling !== undefined && allowed.includes(spelling)) ?? value;
};

// Text enums that are a yes/no pair take every boolean form too; the family's user form sends
// 'enable'/'disable' or a boolean for the enabled/disabled permission flags.
const YES_NO_PAIRS = [
  ['true', 'false'],
  ['enabled', 'disabled'],
  ['1', '0'],
] as const;
const YES_NO_WORDS = new Map<unknown, boolean>([
  ['enable', true],
  ['disable', false],
]);
const yesNoPairOf = (entries: unknown[]) =>
  YES_NO_PAIRS.find((pair) => entries.length === 2 && pair.every((entry) => entries.includes(entry)));

const enumReader = (entries: unknown[]) => {
  const pair = yesNoPairOf(entries);
  if (!pair) return (value: unknown) => asOneOf(entries, value);
  return (value: unknown) => {
    if (entries.includes(value)) return value;
    const flag = YES_NO_WORDS.get(value) ?? asBoolean(value);
    return typeof flag === 'boolean' ? pair[flag ? 0 : 1] : value;
  };
};

const isBlank = (value: unknown) => value === null || value === '';
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// null or '' on a field that refuses it but may be absent: the key is dropped, so the service
// sees the field as not sent (an update keeps the stored value, a create takes the default).
const dropBlanks = (shape: Record<string, Schema>) => (input: unknown) => {
  if (!isPlainObject(input)) return input;
  let output = input;
  for (const [key, field] of Object.entries(shape)) {
    const value = input[key];
    if (!isBlank(value) || field.safeParse(value).success || !field.safeParse(undefined).success) continue;
    if (output === input) output = { ...input };
    delete output[key];
  }
  return output;
};

const cache = new WeakMap<Schema, Schema>();

const build = (schema: Schema): Schema => {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = Object.fromEntries(Object.entries(def.shape as Record<string, Schema>).map(([key, field]) => [key, lenient(field)]));
      // a strict object (catchall never) strips instead; a loose one keeps its catchall
      const catchall = def.catchall && defOf(def.catchall as Schema).type === 'never' ? undefined : def.catchall;
      return z.preprocess(dropBlanks(shape), rebuilt(schema, { shape, catchall }));
    }
    case 'boolean':
      return z.preprocess(asBoolean, schema);
    case 'number':
      return def.coerce ? schema : z.preprocess(asNumber, schema);
    case 'enum':
      return z.preprocess(enumReader(Object.values(def.entries as Record<string, unknown>)), schema);
    case 'literal':
      return z.preprocess((value) => asOneOf(def.values as unknown[], value), schema);
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return rebuilt(schema, { innerType: lenient(def.innerType as Schema) });
    case 'array':
      return rebuilt(schema, { element: lenient(def.element as Schema) });
    case 'union':
      return rebuilt(schema, { options: (def.options as Schema[]).map(lenient) });
    case 'pipe':
      return rebuilt(schema, { in: lenient(def.in as Schema), out: lenient(def.out as Schema) });
    default:
      // strings, transforms, unknown…: taken as they are
      return schema;
  }
};

// The same output types as `schema`: only what it accepts grows.
export const lenient = <S extends Schema>(schema: S): S => {
  let copy = cache.get(schema);
  if (!copy) {
    copy = build(schema);
    cache.set(schema, copy);
  }
  return copy as S;
};

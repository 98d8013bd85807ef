/**
 * Hostile input made from a zod schema: a plausible valid value, then that value with one field (or a few)
 * replaced by something an attacker or a broken client would send. The schema is walked through its JSON
 * Schema form (`z.toJSONSchema`, the input side), so every field of every callable is reached without
 * naming any of them here.
 */
import { z } from 'zod';

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** A small seeded generator (mulberry32): the same seed gives the same cases. */
export function createRng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (max: number) => Math.floor(next() * max),
    pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!,
  };
}
export type Rng = ReturnType<typeof createRng>;

export type Path = Array<string | number>;

/** Values the caller knows to be real (ids of rows, a free slot): by dotted path first, then by key. */
export type Known = Record<string, unknown>;

function knownValue(known: Known, path: Path): unknown {
  const dotted = path.join('.');
  if (dotted in known) return known[dotted];
  const key = path[path.length - 1];
  return typeof key === 'string' && key in known ? known[key] : undefined;
}

function options(schema: JsonSchema): JsonSchema[] | undefined {
  return schema.anyOf ?? schema.oneOf;
}

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type.find((type) => type !== 'null') : schema.type;
}

const PATTERN_EXAMPLES = [
  '10:00',
  '#336699',
  'fuzz-label',
  'FR',
  'AAAAAAAAAAAAAAAAAAAAAA',
  'fuzz_key_12345',
  'https://fuzz.example/cover.png',
  // A door display's secret (256 bits, base64url) and a booking's check-in code.
  'A'.repeat(43),
  '123456',
];

function sampleString(schema: JsonSchema): string {
  switch (schema.format) {
    case 'uuid':
      return '00000000-0000-4000-8000-000000000000';
    case 'date':
      return '2026-06-15';
    case 'date-time':
      return '2026-06-15T08:00:00Z';
    case 'email':
      return 'fuzz@example.com';
  }
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    const fits = PATTERN_EXAMPLES.find((example) => pattern.test(example));
    if (fits) return fits;
  }
  const length = Math.max(schema.minLength ?? 0, Math.min(5, schema.maxLength ?? 5));
  return 'texte'.padEnd(length, 'e').slice(0, Math.max(length, 1));
}

function sampleNumber(schema: JsonSchema): number {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : 0);
  const max =
    schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : min + 10);
  return Math.min(Math.max(1, min), max);
}

/**
 * A value the schema is likely to accept: known values where the caller gave them, else the first
 * non-null option, the first enum member, a number within bounds, every property of an object.
 */
export function sampleValid(schema: JsonSchema, known: Known, path: Path = []): unknown {
  const real = knownValue(known, path);
  if (real !== undefined) return real;
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const choices = options(schema);
  if (choices) {
    const chosen = choices.find((choice) => typeOf(choice) !== 'null') ?? choices[0]!;
    return sampleValid(chosen, known, path);
  }
  if (schema.allOf?.length) return sampleValid(schema.allOf[0]!, known, path);
  switch (typeOf(schema)) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [
          key,
          sampleValid(property, known, [...path, key]),
        ]),
      );
    case 'array': {
      const count = Math.max(schema.minItems ?? 0, schema.items?.enum ? 1 : 0);
      return Array.from({ length: count }, (_, index) =>
        sampleValid(schema.items ?? {}, known, [...path, index]),
      );
    }
    case 'string':
      return sampleString(schema);
    case 'integer':
    case 'number':
      return sampleNumber(schema);
    case 'boolean':
      return false;
    case 'null':
      return null;
    default:
      return 'texte';
  }
}

/** Every place in `value` a hostile value can go: each property (present or not) and each array item. */
export interface Slot {
  path: Path;
  schema: JsonSchema;
}

/** The branch of a union that describes `value` (the first whose constant fields it matches). */
function branchFor(schema: JsonSchema, value: unknown): JsonSchema {
  const choices = options(schema);
  if (!choices) return schema;
  const fitting = choices.find((choice) => {
    const kind = typeOf(choice);
    if (value === null) return kind === 'null';
    if (Array.isArray(value)) return kind === 'array';
    if (typeof value === 'object') {
      if (kind !== 'object') return false;
      return Object.entries(choice.properties ?? {}).every(
        ([key, property]) =>
          property.const === undefined || (value as Record<string, unknown>)[key] === property.const,
      );
    }
    return kind === typeof value || (kind === 'integer' && typeof value === 'number');
  });
  return fitting ?? choices[0]!;
}

export function slotsOf(schema: JsonSchema, value: unknown, path: Path = []): Slot[] {
  const branch = branchFor(schema, value);
  const here: Slot = { path, schema: branch };
  if (typeOf(branch) === 'object' && value && typeof value === 'object' && !Array.isArray(value)) {
    return [
      here,
      ...Object.entries(branch.properties ?? {}).flatMap(([key, property]) =>
        slotsOf(property, (value as Record<string, unknown>)[key], [...path, key]),
      ),
    ];
  }
  if (typeOf(branch) === 'array' && Array.isArray(value)) {
    const items = branch.items ?? {};
    return [here, ...value.flatMap((item, index) => slotsOf(items, item, [...path, index]))];
  }
  return [here];
}

// ——— Hostile values ———

export const ONE_MEGABYTE_STRING = 'x'.repeat(1_000_000);

/** Dates and instants far from any sane calendar, and ones that are not dates at all. */
export const FAR_DATES = [
  '9999-12-31',
  '0000-01-01',
  '0001-01-01',
  '+010000-01-01',
  '-000001-01-01',
  '2026-02-30',
  '2026-13-01',
  '1900-01-01',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59.999999999+23:59',
  '0001-01-01T00:00:00Z',
  '0000-01-01T00:00:00-23:59',
  '1970-01-01T00:00:00Z',
  '+275760-09-13T00:00:00Z',
] as const;

export const NUL_STRINGS = ['\u0000', 'a\u0000b', '\u0000'.repeat(4), 'Paris\u0000'] as const;
export const LONE_SURROGATES = ['\uD800', 'a\uDFFFb', '\uDC00\uD800', '\uDBFF'] as const;

export const ODD_STRINGS = [
  '',
  ' ',
  '\t\n\r',
  '%00',
  '\\u0000',
  "' OR 1=1 --",
  '../../etc/passwd',
  '\u202Eevil',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀',
  'e\u0301\u0301\u0301',
  '\uFEFF',
  'x'.repeat(10_001),
] as const;

export const WRONG_TYPES: readonly unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  -0.000001,
  1e308,
  -1e308,
  Number.MAX_SAFE_INTEGER + 2,
  2 ** 31,
  '1',
  'NaN',
  [],
  {},
  [[[[[]]]]],
  { $gt: '' },
  JSON.parse('{"__proto__":{"admin":true}}') as unknown,
];

export type HostileClass =
  | 'nul'
  | 'surrogate'
  | 'huge'
  | 'far-date'
  | 'odd-string'
  | 'wrong-type'
  | 'boundary'
  | 'missing'
  | 'extra'
  | 'shape';

/** Numbers just past a field's bounds, and other edges. */
function boundaryValues(schema: JsonSchema): unknown[] {
  const values: unknown[] = [];
  if (schema.minimum !== undefined) values.push(schema.minimum - 1);
  if (schema.maximum !== undefined) values.push(schema.maximum + 1, schema.maximum);
  if (schema.maxLength !== undefined)
    values.push('a'.repeat(schema.maxLength + 1), ' '.repeat(schema.maxLength + 1));
  if (schema.minLength !== undefined) values.push('a'.repeat(Math.max(0, schema.minLength - 1)));
  if (schema.maxItems !== undefined) values.push(Array.from({ length: schema.maxItems + 1 }, () => 'x'));
  values.push(0, -2_147_483_649, Number.MAX_SAFE_INTEGER);
  return values;
}

const HUGE_ARRAY = Array.from({ length: 200_000 }, () => 1);

/** The hostile values of each class for one slot (the root slot gets the shape ones). */
export function hostileValues(slot: Slot, base: unknown): Record<HostileClass, unknown[]> {
  const isObject = base !== null && typeof base === 'object' && !Array.isArray(base);
  return {
    nul: [...NUL_STRINGS, typeof base === 'string' ? `${base}\u0000` : '\u0000'],
    surrogate: [...LONE_SURROGATES, typeof base === 'string' ? `${base}\uD83D` : '\uD83D'],
    huge: [ONE_MEGABYTE_STRING, HUGE_ARRAY],
    'far-date': [...FAR_DATES],
    'odd-string': [...ODD_STRINGS],
    'wrong-type': [...WRONG_TYPES],
    boundary: boundaryValues(slot.schema),
    // `undefined` is dropped by JSON: the field goes missing.
    missing: slot.path.length ? [undefined] : [],
    extra: isObject
      ? [
          { ...base, unexpected: 'field' },
          { ...base, constructor: { prototype: { polluted: true } } },
          JSON.parse(
            `{"__proto__":{"polluted":true},${JSON.stringify({ extra: 1, ...base }).slice(1)}`,
          ) as unknown,
        ]
      : [],
    shape: isObject
      ? [[base], [], Object.values(base as object)]
      : Array.isArray(base)
        ? [{ ...base }, { 0: base[0] }]
        : [],
  };
}

/** `value` with the slot at `path` set to `replacement` (a copy; `undefined` removes the key). */
export function withValueAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const container = (
    Array.isArray(value) ? [...(value as unknown[])] : { ...((value ?? {}) as Record<string, unknown>) }
  ) as Record<string | number, unknown>;
  const next = withValueAt(container[head!], rest, replacement);
  if (next === undefined && !Array.isArray(container)) delete container[head!];
  else container[head!] = next;
  return container;
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>(
    (current, key) =>
      current && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined,
    value,
  );
}

/** Pairs of fields that make a range: each gets reversed, and pushed to the far ends of time. */
const RANGE_PAIRS: Array<[string, string]> = [
  ['from', 'to'],
  ['startsAt', 'endsAt'],
  ['startsOn', 'endsOn'],
  ['opens', 'closes'],
];

function shifted(value: string, hours: number): string | undefined {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return undefined;
  const moved = new Date(time + hours * 3_600_000).toISOString();
  return /^\d{4}-\d{2}-\d{2}$/.test(value) ? moved.slice(0, 10) : moved;
}

function rangeCases(base: unknown, slots: Slot[]): HostileCase[] {
  const cases: HostileCase[] = [];
  for (const slot of slots) {
    const object = valueAt(base, slot.path);
    if (!object || typeof object !== 'object' || Array.isArray(object)) continue;
    const record = object as Record<string, unknown>;
    for (const [start, end] of RANGE_PAIRS) {
      const a = record[start];
      const b = record[end];
      if (typeof a !== 'string' || typeof b !== 'string') continue;
      const at = (values: Record<string, unknown>) => withValueAt(base, slot.path, { ...record, ...values });
      const where = [...slot.path, `${start}/${end}`].join('.');
      cases.push({ label: `${where} reversed`, data: at({ [start]: b, [end]: a }) });
      const before = shifted(a, -1);
      if (before) cases.push({ label: `${where} end an hour before start`, data: at({ [end]: before }) });
      const farEnd = a.length === 10 ? '9999-12-31' : '9999-12-31T23:59:59Z';
      const farStart = a.length === 10 ? '0001-01-01' : '0001-01-01T00:00:00Z';
      cases.push({ label: `${where} ending in year 9999`, data: at({ [end]: farEnd }) });
      cases.push({ label: `${where} both in year 9999`, data: at({ [start]: farEnd, [end]: farEnd }) });
      cases.push({ label: `${where} from year 1 to 9999`, data: at({ [start]: farStart, [end]: farEnd }) });
    }
  }
  return cases;
}

export interface HostileCase {
  label: string;
  data: unknown;
}

const ALL_CLASSES: HostileClass[] = [
  'nul',
  'surrogate',
  'huge',
  'far-date',
  'odd-string',
  'wrong-type',
  'boundary',
  'missing',
  'extra',
  'shape',
];

function describeValue(value: unknown): string {
  if (value === undefined) return 'missing';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 40 ? `${text.slice(0, 37)}… (${text.length} chars)` : text;
}

/**
 * The cases for one input: every slot gets a value of every class (one picked at random when `bounded`,
 * all of them otherwise), ranges are reversed and stretched, and `combos` cases change several slots at
 * once. `huge` values go to `hugeSlots` slots at most per input (each is a megabyte on the wire).
 */
export function hostileCases(
  schema: JsonSchema,
  base: unknown,
  rng: Rng,
  options: { bounded: boolean; combos: number; hugeSlots: number },
): HostileCase[] {
  const slots = slotsOf(schema, base);
  const cases: HostileCase[] = [];
  let hugeLeft = options.hugeSlots;
  for (const slot of slots) {
    const current = valueAt(base, slot.path);
    const byClass = hostileValues(slot, current);
    for (const kind of ALL_CLASSES) {
      let values = byClass[kind];
      if (!values.length) continue;
      if (kind === 'huge') {
        if (hugeLeft <= 0 || (slot.schema.type !== 'string' && slot.schema.type !== 'array')) continue;
        hugeLeft -= 1;
      }
      if (options.bounded) values = [rng.pick(values)];
      for (const value of values) {
        const where = slot.path.join('.') || '(data)';
        cases.push({
          label: `${where} = ${kind} ${describeValue(value)}`,
          data: withValueAt(base, slot.path, value),
        });
      }
    }
  }
  cases.push(...rangeCases(base, slots));
  const leaves = slots.filter((slot) => slot.path.length > 0);
  const pool = [
    ...NUL_STRINGS,
    ...LONE_SURROGATES,
    ...FAR_DATES,
    ...ODD_STRINGS.slice(0, -1),
    ...WRONG_TYPES,
  ];
  for (let combo = 0; combo < options.combos && leaves.length > 1; combo++) {
    let data = base;
    const changed: string[] = [];
    for (let count = 2 + rng.int(2); count > 0; count--) {
      const slot = rng.pick(leaves);
      const value = rng.pick(pool);
      data = withValueAt(data, slot.path, value);
      changed.push(`${slot.path.join('.')} = ${describeValue(value)}`);
    }
    cases.push({ label: `combined: ${changed.join(', ')}`, data });
  }
  return cases;
}

/**
 * Values for a URL's path segments and query parameters, already in URL form: percent-encoded NUL, bytes
 * that are not UTF-8 (an encoded lone surrogate among them), broken escapes, far dates, long values.
 */
export const HOSTILE_URL_VALUES = [
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%FF%FE',
  '%C0%80',
  '%',
  '%%30',
  '%E2%80%AE',
  '9999-12-31',
  '0000-01-01',
  '2026-02-30',
  '-1',
  '1e309',
  'NaN',
  '%2F%2Fevil.example',
  '..%2F..%2Fetc%2Fpasswd',
  '%5B%5D',
  'x'.repeat(4000),
] as const;

/** Request bodies that are not `{ "data": … }` JSON at all. */
export const MALFORMED_BODIES: Array<{
  label: string;
  body: string | Uint8Array<ArrayBuffer>;
  contentType?: string;
}> = [
  { label: 'empty body', body: '' },
  { label: 'not JSON', body: '{not json' },
  { label: 'truncated JSON', body: '{"data":{"a":' },
  { label: 'JSON null', body: 'null' },
  { label: 'JSON array', body: '[{"data":{}}]' },
  { label: 'JSON string', body: '"data"' },
  { label: 'no data field', body: '{"input":{}}' },
  { label: 'data null', body: '{"data":null}' },
  { label: 'data array', body: '{"data":[]}' },
  { label: 'data string with NUL', body: '{"data":"\\u0000"}' },
  { label: 'lone surrogate escape in a key', body: '{"data":{"\\ud800":1}}' },
  {
    label: 'raw invalid UTF-8',
    body: new Uint8Array([
      ...Buffer.from('{"data":{"x":"'),
      0xff,
      0xfe,
      0xed,
      0xa0,
      0x80,
      ...Buffer.from('"}}'),
    ]),
  },
  { label: 'deeply nested arrays', body: `{"data":${'['.repeat(5000)}${']'.repeat(5000)}}` },
  { label: 'deeply nested objects', body: `{"data":${'{"a":'.repeat(3000)}1${'}'.repeat(3000)}}` },
  { label: 'duplicate data keys', body: '{"data":{},"data":[]}' },
  { label: 'text/plain JSON', body: '{"data":{}}', contentType: 'text/plain' },
  { label: 'form encoded', body: 'data=1', contentType: 'application/x-www-form-urlencoded' },
];

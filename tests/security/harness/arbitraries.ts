// fast-check arbitraries derived from the routes' own zod schemas (the ones in domain/, shared by the
// forms and the server): zod -> JSON Schema (zod's own converter, input side) -> arbitrary. Refinements are
// not representable, so generated values are valid-looking rather than valid: exactly what a fuzzer wants.
import fc from 'fast-check';
import { z, type ZodType } from 'zod';

type Json = Record<string, unknown>;

/** Keys a client must never be able to set: ids, owners, roles, companies, token versions. */
export const MASS_ASSIGNMENT_KEYS = [
  'userId',
  'UserId',
  'entrepriseId',
  'EntrepriseId',
  'customerId',
  'propositionId',
  'roleId',
  'RoleId',
  'role',
  'nomRole',
  'isAdmin',
  'isActive',
  'tokenVersion',
  'passwordHash',
  'id',
  'createdAt',
  'viewCount',
];

function fromJsonSchema(s: Json, depth = 0): fc.Arbitrary<unknown> {
  if (depth > 4) return fc.constant(null);
  if (Array.isArray(s.enum)) return fc.constantFrom(...(s.enum as unknown[]));
  if ('const' in s) return fc.constant(s.const);
  const union = (s.anyOf ?? s.oneOf) as Json[] | undefined;
  if (union?.length) return fc.oneof(...union.map((u) => fromJsonSchema(u, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length) return fromJsonSchema(s.allOf[0] as Json, depth + 1);
  const type = Array.isArray(s.type) ? (s.type as string[]) : s.type ? [s.type as string] : [];
  if (type.length > 1) return fc.oneof(...type.map((t) => fromJsonSchema({ ...s, type: t }, depth + 1)));
  switch (type[0]) {
    case 'string': {
      const min = (s.minLength as number) ?? 0;
      const max = Math.max(min, Math.min((s.maxLength as number) ?? 80, 300));
      if (typeof s.pattern === 'string') {
        try {
          return fc.stringMatching(new RegExp(s.pattern, 'u')).filter((v) => v.length <= max);
        } catch {
          /* a pattern the generator cannot follow: plain strings */
        }
      }
      if (s.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
      return fc.string({ minLength: min, maxLength: max, unit: 'grapheme' });
    }
    case 'integer':
      return fc.integer({ min: (s.minimum as number) ?? -1e6, max: (s.maximum as number) ?? 1e6 });
    case 'number':
      return fc.double({ min: (s.minimum as number) ?? -1e6, max: (s.maximum as number) ?? 1e6, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(s.items ? fromJsonSchema(s.items as Json, depth + 1) : fc.jsonValue(), {
        minLength: (s.minItems as number) ?? 0,
        maxLength: Math.min((s.maxItems as number) ?? 6, 8),
      });
    case 'object': {
      const props = (s.properties ?? {}) as Record<string, Json>;
      const required = new Set((s.required ?? []) as string[]);
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, v] of Object.entries(props)) model[k] = fromJsonSchema(v, depth + 1);
      const keys = Object.keys(props);
      return fc.record(model, { requiredKeys: keys.filter((k) => required.has(k)) });
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** An arbitrary of values shaped like the schema's input. */
export function arbitraryOf(schema: ZodType): fc.Arbitrary<unknown> {
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Json;
  return fromJsonSchema(json);
}

/** Shaped values, and the same values broken: a field dropped or retyped, foreign keys added, or junk. */
export function mutatedOf(schema: ZodType): fc.Arbitrary<unknown> {
  const shaped = arbitraryOf(schema);
  const broken = fc.tuple(shaped, fc.nat(), fc.jsonValue({ maxDepth: 2 })).map(([value, i, junk]) => {
    if (!value || typeof value !== 'object' || Array.isArray(value)) return junk;
    const copy = { ...(value as Json) };
    const keys = Object.keys(copy);
    if (!keys.length) return junk;
    const key = keys[i % keys.length];
    if (i % 2) delete copy[key];
    else copy[key] = junk;
    return copy;
  });
  const foreign = fc
    .tuple(
      shaped,
      fc.subarray(MASS_ASSIGNMENT_KEYS, { minLength: 1 }),
      fc.oneof(fc.integer({ min: 1, max: 40 }), fc.constant('Admin'), fc.constant(true)),
    )
    .map(([value, keys, v]) =>
      value && typeof value === 'object' && !Array.isArray(value)
        ? { ...(value as Json), ...Object.fromEntries(keys.map((k) => [k, v])) }
        : value,
    );
  return fc.oneof(
    { arbitrary: shaped, weight: 4 },
    { arbitrary: broken, weight: 3 },
    { arbitrary: foreign, weight: 2 },
    { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
  );
}

/** Path parameters: numbers, huge numbers, negative, text, traversal, unicode, empty-looking. */
export const idArbitrary: fc.Arbitrary<string> = fc.oneof(
  fc.integer({ min: 1, max: 60 }).map(String),
  fc.integer({ min: -5, max: 2 ** 31 + 5 }).map(String),
  fc.constantFrom(
    '0',
    '-1',
    '1e3',
    '0x10',
    '99999999999999999999',
    '1.5',
    'null',
    'undefined',
    '%00',
    '..%2F..%2Fetc%2Fpasswd',
    '%2e%2e',
    "1' or '1'='1",
    '1;drop table users',
  ),
  fc.string({ minLength: 1, maxLength: 40 }).map(encodeURIComponent),
);

/** A query string from the route's querystring schema, or random pairs. */
export function queryOf(schema: ZodType | undefined): fc.Arbitrary<string> {
  const pairs = fc.dictionary(
    fc.constantFrom('entrepriseId', 'groupId', 'id', 'page', 'q', 'userId'),
    fc.oneof(idArbitrary, fc.string({ maxLength: 20 })),
    { maxKeys: 3 },
  );
  const shaped = schema
    ? arbitraryOf(schema).map((v) => (v && typeof v === 'object' ? (v as Record<string, unknown>) : {}))
    : pairs;
  return fc.oneof(shaped, pairs).map((o) =>
    Object.entries(o)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`)
      .join('&'),
  );
}

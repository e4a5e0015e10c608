// Values a JSON Schema (2020-12, as the OpenAPI document writes it) accepts, as fast-check arbitraries:
// what the property test of the document sends (tests/api/openapiProperty.test.ts). Only the keywords
// the document uses are read; a schema with anything else fails loudly rather than send an unchecked value.
import fc from 'fast-check';

export type Schema = Record<string, unknown>;

/** Patterns every text of the API carries (domain/text.ts): a generated value is filtered by them. */
const GENERIC = new Set([
  '\\S',
  '^[^\\u0000-\\u001F\\u007F]*$',
  '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F]*$',
]);
const MAX_TEXT = 40;
const MAX_ITEMS = 4;

export class SchemaArbitraries {
  constructor(private readonly resolveRef: (ref: string) => Schema) {}

  of(schema: Schema): fc.Arbitrary<unknown> {
    if (typeof schema.$ref === 'string') return this.of(this.resolveRef(schema.$ref));
    if ('const' in schema) return fc.constant(schema.const);
    if (Array.isArray(schema.enum)) return fc.constantFrom(...schema.enum);
    const alternatives = (schema.anyOf ?? schema.oneOf) as Schema[] | undefined;
    if (alternatives)
      return fc.oneof(...alternatives.map((s) => this.of({ ...without(schema, 'anyOf', 'oneOf'), ...s })));
    if (Array.isArray(schema.type))
      return fc.oneof(...(schema.type as string[]).map((type) => this.of({ ...schema, type })));
    const examples = Array.isArray(schema.examples) ? schema.examples : [];
    const generated = this.ofType(schema);
    return examples.length ? fc.oneof(fc.constantFrom(...examples), generated) : generated;
  }

  private ofType(schema: Schema): fc.Arbitrary<unknown> {
    switch (schema.type) {
      case 'null':
        return fc.constant(null);
      case 'boolean':
        return fc.boolean();
      case 'integer': {
        const min = Number(
          schema.minimum ?? (schema.exclusiveMinimum !== undefined ? Number(schema.exclusiveMinimum) + 1 : -(2 ** 31)),
        );
        const max = Number(
          schema.maximum ?? (schema.exclusiveMaximum !== undefined ? Number(schema.exclusiveMaximum) - 1 : 2 ** 31 - 1),
        );
        return fc.integer({ min: Math.max(min, Number.MIN_SAFE_INTEGER), max: Math.min(max, Number.MAX_SAFE_INTEGER) });
      }
      case 'number':
        return fc.double({
          min: Number(schema.minimum ?? -1e9),
          max: Number(schema.maximum ?? 1e9),
          noNaN: true,
          noDefaultInfinity: true,
        });
      case 'string':
        return this.string(schema);
      case 'array': {
        const items = this.of((schema.items ?? {}) as Schema);
        const minLength = Number(schema.minItems ?? 0);
        return fc.array(items, {
          minLength,
          maxLength: Math.max(minLength, Math.min(Number(schema.maxItems ?? MAX_ITEMS), MAX_ITEMS)),
        });
      }
      case 'object':
        return this.object(schema);
      case undefined:
        // No type: anything JSON (z.unknown()).
        if (Object.keys(without(schema, 'description', 'title')).length === 0)
          return fc.oneof(fc.constant(null), fc.integer(), fc.string());
        if (schema.properties) return this.object(schema);
        if (schema.allOf) return this.string(schema);
    }
    throw new Error(`schemaArbitrary: unsupported schema ${JSON.stringify(schema).slice(0, 200)}`);
  }

  object(schema: Schema): fc.Arbitrary<Record<string, unknown>> {
    const properties = (schema.properties ?? {}) as Record<string, Schema>;
    const required = (schema.required ?? []) as string[];
    const model = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, this.of(s)]));
    return fc.record(model, { requiredKeys: required.filter((k) => k in properties) });
  }

  private string(schema: Schema): fc.Arbitrary<unknown> {
    if (schema.contentMediaType === 'application/json' && schema.contentSchema)
      return this.of(schema.contentSchema as Schema).map((v) => JSON.stringify(v));
    if (schema.format === 'date-time') return isoDate().map((d) => d.toISOString());
    if (schema.format === 'date') return isoDate().map((d) => d.toISOString().slice(0, 10));
    const patterns = [schema.pattern, ...((schema.allOf ?? []) as Schema[]).map((s) => s.pattern)].filter(
      (p): p is string => typeof p === 'string',
    );
    const minLength = Number(schema.minLength ?? 0);
    const maxLength = Number(schema.maxLength ?? Number.POSITIVE_INFINITY);
    const own = patterns.filter((p) => !GENERIC.has(p));
    const anchored = own.find((p) => p.startsWith('^'));
    const filler = fc.string({ minLength, maxLength: Math.max(minLength, Math.min(maxLength, MAX_TEXT)) });
    // One anchored pattern gives the whole value; unanchored ones ("contains a digit") are each met by a
    // piece of the value, the rest filled with any text.
    const base = anchored
      ? fc.stringMatching(new RegExp(anchored, 'u'))
      : fc
          .tuple(...own.map((p) => fc.stringMatching(new RegExp(p, 'u'))), filler)
          .chain((pieces) => fc.shuffledSubarray(pieces, { minLength: pieces.length }).map((parts) => parts.join('')));
    const all = patterns.map((p) => new RegExp(p, 'u'));
    return base.filter((s) => s.length >= minLength && s.length <= maxLength && all.every((re) => re.test(s)));
  }
}

const isoDate = () =>
  fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T00:00:00Z'), noInvalidDate: true });

function without(schema: Schema, ...keys: string[]): Schema {
  const copy = { ...schema };
  for (const k of keys) delete copy[k];
  return copy;
}

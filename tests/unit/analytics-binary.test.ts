// The binary columns answer (domain/analytics/binaryColumns.ts): what the server writes, the worker
// reads back exactly (fast-check), and anything else is refused rather than misread.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { decodeColumns, encodeColumns } from '#domain/analytics/binaryColumns';

import { fromBinary, fromCompact } from '../../workers/analytics/columns';

const columns = fc.integer({ min: 0, max: 200 }).chain((n) =>
  fc
    .record({
      time: fc.array(fc.option(fc.integer({ min: 0, max: 4_102_444_800_000 }), { nil: null, freq: 8 }), {
        minLength: n,
        maxLength: n,
      }),
      session: fc.array(fc.integer({ min: 0, max: 2 ** 32 - 1 }), { minLength: n, maxLength: n }),
      flags: fc.array(fc.integer({ min: 0, max: 255 }), { minLength: n, maxLength: n }),
      countries: fc.array(fc.option(fc.constantFrom('FR', 'BE', 'Suisse', 'Côte d’Ivoire', ''), { nil: null }), {
        minLength: 1,
        maxLength: 6,
      }),
    })
    .chain((c) =>
      fc
        .record({
          country: fc.array(fc.integer({ min: 0, max: c.countries.length - 1 }), { minLength: n, maxLength: n }),
        })
        .map((k) => ({ ...c, ...k })),
    ),
);

const toBuffer = (u: Uint8Array) => u.buffer.slice(u.byteOffset, u.byteOffset + u.byteLength) as ArrayBuffer;

describe('binary columns', () => {
  it('decode(encode(x)) gives the arrays back, and the worker reads it as it reads the JSON columns', () => {
    fc.assert(
      fc.property(columns, (c) => {
        const d = decodeColumns(toBuffer(encodeColumns(c)));
        expect(Array.from(d.time)).toEqual(c.time.map((t) => t ?? NaN));
        expect(Array.from(d.session)).toEqual(c.session);
        expect(Array.from(d.flags)).toEqual(c.flags);
        expect(Array.from(d.country)).toEqual(c.country);
        expect(d.countries).toEqual(c.countries);
        expect(fromBinary(7, d)).toEqual(fromCompact(7, c as Parameters<typeof fromCompact>[1]));
      }),
      { numRuns: 300 },
    );
  });

  it('copies each array into its own buffer (IndexedDB then stores each once)', () => {
    const d = decodeColumns(
      toBuffer(encodeColumns({ time: [1, 2], session: [3, 4], flags: [1, 2], country: [0, 0], countries: ['FR'] })),
    );
    const buffers = new Set([d.time.buffer, d.session.buffer, d.flags.buffer, d.country.buffer]);
    expect(buffers.size).toBe(4);
    expect(d.time.buffer.byteLength).toBe(16);
  });

  it('refuses another layout, a truncated answer and a bad dictionary', () => {
    const good = encodeColumns({ time: [1], session: [2], flags: [3], country: [0], countries: ['FR'] });
    expect(() => decodeColumns(toBuffer(good.slice(0, good.length - 1)))).toThrow(/longueur/);
    expect(() => decodeColumns(new TextEncoder().encode('{"time":[1,2,3],"session":[]}').buffer)).toThrow(/inconnue/);
    expect(() => decodeColumns(new ArrayBuffer(4))).toThrow(/tronquée/);
    const bad = encodeColumns({ time: [1], session: [2], flags: [3], country: [0], countries: ['FR'] });
    bad.set(new TextEncoder().encode('{"a"}'), bad.length - 6);
    expect(() => decodeColumns(toBuffer(bad))).toThrow();
    expect(() => encodeColumns({ time: [1, 2], session: [2], flags: [3], country: [0], countries: [] })).toThrow(
      /longueurs/,
    );
  });
});

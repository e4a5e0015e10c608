// The server's STL reader and GLB writer (server/files/stl.ts): the same triangles as three's STLLoader
// (the reference it replaced) for binary and ASCII files, a valid interleaved GLB, the crafted file that
// made three's ASCII parser quadratic read in one pass, and French reasons for files it cannot show.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';
import { afterAll, describe, expect, it } from 'vitest';

import { convertStlFile, StlError } from '../../server/files/stl';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-stl-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
let n = 0;
const file = (data: Buffer | string) => {
  const p = path.join(dir, `${n++}.stl`);
  fs.writeFileSync(p, data);
  return p;
};

function convert(data: Buffer | string) {
  const out = path.join(dir, `${n++}.glb`);
  const result = convertStlFile(file(data), out);
  const glb = fs.readFileSync(out);
  const jsonLength = glb.readUInt32LE(12);
  const json = JSON.parse(glb.subarray(20, 20 + jsonLength).toString('utf8'));
  const binAt = 20 + jsonLength + 8;
  const bin = glb.subarray(binAt, binAt + json.buffers[0].byteLength);
  const floats = new Float32Array(bin.buffer.slice(bin.byteOffset, bin.byteOffset + bin.length));
  const positions = floats.filter((_, i) => i % 6 < 3);
  const normals = floats.filter((_, i) => i % 6 >= 3);
  return { result, glb, json, positions, normals, binAt };
}

/** three's reading of the same file, in metres: what the viewer used to receive. */
function reference(data: Buffer | string): Float32Array {
  const b = typeof data === 'string' ? Buffer.from(data) : data;
  const geometry = new STLLoader().parse(b.buffer.slice(b.byteOffset, b.byteOffset + b.length) as ArrayBuffer);
  return Float32Array.from(geometry.getAttribute('position').array as ArrayLike<number>, (v) => v * 0.001);
}

const TRIANGLES = [
  [0, 0, 0, 10, 0, 0, 0, 10, 0],
  [0, 0, 0, 0, 10, 0, 0, 0, 25.5],
  [-3, 2, 1, 4, 4, 4, 1e3, -2e3, 7],
];

function binaryStl(triangles: number[][]): Buffer {
  const b = Buffer.alloc(84 + triangles.length * 50);
  b.write('solid binary header that starts like ASCII', 0, 'latin1');
  b.writeUInt32LE(triangles.length, 80);
  triangles.forEach((t, i) => t.forEach((v, k) => b.writeFloatLE(v, 84 + i * 50 + 12 + k * 4)));
  return b;
}

function asciiStl(triangles: number[][]): string {
  const facets = triangles.map(
    (t) =>
      `  facet normal 0 0 0\n    outer loop\n${[0, 1, 2].map((k) => `      vertex ${t[k * 3]} ${t[k * 3 + 1]} ${t[k * 3 + 2]}\n`).join('')}    endloop\n  endfacet\n`,
  );
  return `solid test\n${facets.join('')}endsolid test\n`;
}

describe('convertStlFile', () => {
  it.each([
    ['binary', binaryStl(TRIANGLES)],
    ['ASCII', asciiStl(TRIANGLES)],
  ])('reads a %s STL as three did and writes a valid GLB', (_kind, data) => {
    const { result, glb, json, positions, normals, binAt } = convert(data);
    expect(result.triangles).toBe(3);
    expect(Array.from(positions)).toEqual(Array.from(reference(data)));
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    expect(glb.length % 4).toBe(0);
    expect(result.bytes).toBe(glb.length);
    expect(glb.subarray(binAt - 4, binAt).toString('latin1')).toBe('BIN\0');
    expect(json.bufferViews[0]).toMatchObject({ byteStride: 24, byteLength: 3 * 72 });
    expect(json.accessors).toMatchObject([
      { byteOffset: 0, count: 9, type: 'VEC3' },
      { byteOffset: 12, count: 9, type: 'VEC3' },
    ]);
    const coords = (axis: number) => Array.from(positions).filter((_, i) => i % 3 === axis);
    for (const axis of [0, 1, 2]) {
      expect(json.accessors[0].min[axis]).toBe(Math.min(...coords(axis)));
      expect(json.accessors[0].max[axis]).toBe(Math.max(...coords(axis)));
    }
    // Unit normals from the vertices (the file's are zero here); the first triangle faces +Z.
    for (let i = 0; i < normals.length; i += 3) expect(Math.hypot(...normals.subarray(i, i + 3))).toBeCloseTo(1, 5);
    expect(Array.from(normals.subarray(0, 3))).toEqual([0, 0, 1]);
  });

  it('reads the crafted file of "solid" repeated without "endsolid" in one pass (300 KB)', () => {
    const crafted = `${asciiStl(TRIANGLES.slice(0, 1)).replace(/endsolid test\n$/, '')}${'solid '.repeat(50_000)}`;
    expect(crafted.length).toBeGreaterThan(300_000);
    expect(convert(crafted).result.triangles).toBe(1);
    // The same without its facet has nothing to show.
    expect(() => convertStlFile(file(`solid x\n${'solid '.repeat(50_000)}`), path.join(dir, 'none.glb'))).toThrow(
      new StlError('Le fichier STL ne contient aucun triangle.'),
    );
  });

  it.each([
    [
      'a coordinate that is no number',
      'solid x\nfacet normal 0 0 1\nouter loop\nvertex 0 0 0\nvertex 1 zz 0\n',
      'coordonnée invalide (sommet 2)',
    ],
    [
      'a token of 100 KB where a coordinate goes',
      `solid x\nvertex 1 2 ${'9'.repeat(100_000)}\n`,
      'coordonnée invalide',
    ],
    ['an infinite coordinate', 'solid x\nvertex 0 0 0\nvertex 1 0 0\nvertex 0 1e99 0\n', 'coordonnée invalide'],
    ['a last triangle cut short', 'solid x\nvertex 0 0 0\nvertex 1 0 0\n', 'dernier triangle est inachevé'],
    ['a file that is not STL', 'hello', "n'est pas un STL lisible"],
    ['an empty solid', 'solid x\nendsolid x\n', 'aucun triangle'],
    ['a binary STL with a NaN', binaryStl([[0, 0, 0, 1, 0, 0, 0, NaN, 0]]), 'coordonnée invalide'],
  ])('refuses %s with a French reason', (_label, data, reason) => {
    const out = path.join(dir, `refused-${n++}.glb`);
    let error: unknown;
    try {
      convertStlFile(file(data), out);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(StlError);
    expect((error as Error).message).toContain(reason);
  });
});

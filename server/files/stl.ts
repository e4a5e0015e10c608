// STL (binary or ASCII) to GLB in linear time and bounded memory, for the viewer (docs/viewer.md). Replaces
// three's STLLoader on the server: its ASCII parser (/solid([\s\S]*?)endsolid/g) is quadratic on a file of
// "solid " repeated without "endsolid" (300 KB: 5 s of a blocked thread; docs/security-dos.md).
// The file is read twice in 1 MB chunks: first the triangle count and the bounds (the GLB's JSON, which
// comes first, needs them), then the triangles are written straight to the output, positions and normals
// interleaved in one buffer view. Memory does not grow with the file. Runs in a worker
// (server/files/stlWorker.ts) through the conversion queue (server/files/modelConversions.ts).
import fs from 'node:fs';

import { glbPrefix, pad4 } from './glb';

/** A file that cannot be shown; the message is French, for the person who uploaded it. */
export class StlError extends Error {}

/** glTF reads metres; STL has no unit and CAD tools mostly write millimetres. */
export const STL_SCALE = 0.001;
/** More triangles than a viewer on a phone draws (the GLB would be 360 MB). */
export const MAX_TRIANGLES = 5_000_000;
const CHUNK = 50 * 20_000;
/** Longest token the ASCII reader keeps across two chunks; a longer one is no number and no keyword. */
const MAX_TOKEN = 256;

const fmt = (n: number) => n.toLocaleString('fr-FR');
const noTriangle = () => new StlError('Le fichier STL ne contient aucun triangle.');

type Visit = (v: Float32Array) => void;

/** Binary when the size is exactly 84 + 50 × the count in the header; ASCII otherwise (it must start "solid"). */
function isBinary(fd: number, size: number): boolean {
  if (size < 84) return false;
  const head = Buffer.alloc(84);
  fs.readSync(fd, head, 0, 84, 0);
  const count = head.readUInt32LE(80);
  return count > 0 && size === 84 + count * 50;
}

function readBinary(fd: number, size: number, visit: Visit): number {
  const count = (size - 84) / 50;
  if (count > MAX_TRIANGLES) throw tooMany();
  const chunk = Buffer.alloc(CHUNK);
  const v = new Float32Array(9);
  let at = 84;
  while (at < size) {
    const n = fs.readSync(fd, chunk, 0, Math.min(CHUNK, size - at), at);
    if (n <= 0 || n % 50) throw new StlError('Le fichier STL est tronqué.');
    for (let t = 0; t < n; t += 50) {
      for (let i = 0; i < 9; i++) v[i] = chunk.readFloatLE(t + 12 + i * 4) * STL_SCALE;
      visit(v);
    }
    at += n;
  }
  return count;
}

const isSpace = (c: number) => c === 0x20 || (c >= 0x09 && c <= 0x0d);
const VERTEX = Buffer.from('vertex');

/**
 * ASCII: one pass over the bytes, splitting on whitespace; each "vertex" is followed by three numbers, and
 * every three vertices make a triangle. Other words (solid, facet normal, outer loop, end…) are skipped, so
 * a file of "solid" repeated costs one look at each byte.
 */
function readAscii(fd: number, size: number, visit: Visit): number {
  const head = Buffer.alloc(Math.min(size, 512));
  fs.readSync(fd, head, 0, head.length, 0);
  if (!/^\s*solid/.test(head.toString('latin1'))) throw new StlError("Ce fichier n'est pas un STL lisible.");
  const chunk = Buffer.alloc(CHUNK);
  const token = Buffer.alloc(MAX_TOKEN);
  let tokenLength = 0;
  let tokenTooLong = false;
  let wanted = 0; // numbers still expected after "vertex"
  let inVertex = 0; // vertices of the current triangle
  let triangles = 0;
  const v = new Float32Array(9);

  const endToken = () => {
    if (tokenLength === 0 && !tokenTooLong) return;
    if (wanted > 0) {
      const value = tokenTooLong ? NaN : Number(token.toString('latin1', 0, tokenLength));
      if (!Number.isFinite(value))
        throw new StlError(
          `Le fichier STL est mal formé : coordonnée invalide (sommet ${fmt(triangles * 3 + inVertex + 1)}).`,
        );
      v[inVertex * 3 + (3 - wanted)] = value * STL_SCALE;
      if (--wanted === 0 && ++inVertex === 3) {
        inVertex = 0;
        if (++triangles > MAX_TRIANGLES) throw tooMany();
        visit(v);
      }
    } else if (!tokenTooLong && tokenLength === VERTEX.length && sameWord(token, VERTEX)) {
      wanted = 3;
    }
    tokenLength = 0;
    tokenTooLong = false;
  };

  for (let at = 0; at < size;) {
    const n = fs.readSync(fd, chunk, 0, Math.min(CHUNK, size - at), at);
    if (n <= 0) break;
    for (let i = 0; i < n; i++) {
      const c = chunk[i];
      if (isSpace(c)) endToken();
      else if (tokenLength < MAX_TOKEN) token[tokenLength++] = c;
      else tokenTooLong = true;
    }
    at += n;
  }
  endToken();
  if (wanted > 0 || inVertex > 0)
    throw new StlError('Le fichier STL est incomplet : son dernier triangle est inachevé.');
  return triangles;
}

/** Case-insensitive comparison of ASCII letters. */
function sameWord(a: Buffer, word: Buffer): boolean {
  for (let i = 0; i < word.length; i++) if ((a[i] | 0x20) !== word[i]) return false;
  return true;
}

const tooMany = () => new StlError(`Le fichier STL a trop de triangles (${fmt(MAX_TRIANGLES)} au plus).`);

/** The triangles of an STL, in metres: `visit` receives each triangle's 9 coordinates (a reused array). */
function readStl(fd: number, size: number, visit: Visit): number {
  return isBinary(fd, size) ? readBinary(fd, size, visit) : readAscii(fd, size, visit);
}

/** One triangle's unit normal from its vertices (the file's own normals are often zero or wrong). */
function faceNormal(v: Float32Array, out: Float32Array): void {
  const ax = v[3] - v[0],
    ay = v[4] - v[1],
    az = v[5] - v[2];
  const bx = v[6] - v[0],
    by = v[7] - v[1],
    bz = v[8] - v[2];
  const x = ay * bz - az * by,
    y = az * bx - ax * bz,
    z = ax * by - ay * bx;
  const length = Math.hypot(x, y, z);
  if (length > 0 && Number.isFinite(length)) out.set([x / length, y / length, z / length]);
  else out.set([0, 0, 1]);
}

const STRIDE = 24; // position (3 floats) then normal (3 floats), per vertex
const PER_TRIANGLE = 3 * STRIDE;

/**
 * Converts the STL at `input` into a GLB written at `output` (created, synced). Throws StlError, with a
 * French message, for a file that cannot be shown: malformed, truncated, empty, too many triangles.
 */
export function convertStlFile(input: string, output: string): { triangles: number; bytes: number } {
  const fd = fs.openSync(input, 'r');
  try {
    const size = fs.fstatSync(fd).size;
    const min = [Infinity, Infinity, Infinity];
    const max = [-Infinity, -Infinity, -Infinity];
    const triangles = readStl(fd, size, (v) => {
      for (let i = 0; i < 9; i++) {
        if (!Number.isFinite(v[i])) throw new StlError('Le fichier STL est mal formé : coordonnée invalide.');
        if (v[i] < min[i % 3]) min[i % 3] = v[i];
        if (v[i] > max[i % 3]) max[i % 3] = v[i];
      }
    });
    if (triangles === 0) throw noTriangle();
    const binLength = triangles * PER_TRIANGLE;
    const prefix = glbPrefix(gltfOf(triangles, min, max), binLength);
    const out = fs.openSync(output, 'w', 0o600);
    try {
      fs.writeSync(out, prefix);
      const buffer = Buffer.alloc(Math.floor(CHUNK / PER_TRIANGLE) * PER_TRIANGLE);
      const floats = new Float32Array(buffer.buffer, buffer.byteOffset, buffer.length / 4);
      const normal = new Float32Array(3);
      let used = 0;
      readStl(fd, size, (v) => {
        faceNormal(v, normal);
        const f = used / 4;
        for (let k = 0; k < 3; k++) {
          floats.set(v.subarray(k * 3, k * 3 + 3), f + k * 6);
          floats.set(normal, f + k * 6 + 3);
        }
        used += PER_TRIANGLE;
        if (used === buffer.length) {
          fs.writeSync(out, buffer, 0, used);
          used = 0;
        }
      });
      if (used) fs.writeSync(out, buffer, 0, used);
      const padding = pad4(binLength) - binLength;
      if (padding) fs.writeSync(out, Buffer.alloc(padding));
      fs.fsyncSync(out);
      return { triangles, bytes: prefix.length + pad4(binLength) };
    } finally {
      fs.closeSync(out);
    }
  } finally {
    fs.closeSync(fd);
  }
}

function gltfOf(triangles: number, min: number[], max: number[]) {
  const count = triangles * 3;
  return {
    asset: { version: '2.0', generator: 'Visio3D' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: 'Modèle' }],
    meshes: [{ name: 'Modèle', primitives: [{ attributes: { POSITION: 0, NORMAL: 1 }, material: 0 }] }],
    materials: [
      {
        pbrMetallicRoughness: { baseColorFactor: [0.8, 0.8, 0.8, 1], metallicFactor: 0, roughnessFactor: 0.6 },
        doubleSided: true,
      },
    ],
    buffers: [{ byteLength: triangles * PER_TRIANGLE }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: triangles * PER_TRIANGLE, byteStride: STRIDE, target: 34962 },
    ],
    accessors: [
      { bufferView: 0, byteOffset: 0, componentType: 5126, count, type: 'VEC3', min, max },
      { bufferView: 0, byteOffset: 12, componentType: 5126, count, type: 'VEC3' },
    ],
  };
}

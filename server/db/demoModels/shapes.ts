// The demo models' building blocks (docs/viewer.md, "Demo models"): boxes, cylinders and spheres in
// metres (y up, the floor at y = 0), grouped by material, written as one GLB with @gltf-transform/core.
// One primitive per material keeps a model to a few draw calls and a few KB.
import { Document, NodeIO } from '@gltf-transform/core';

export type Vec3 = [number, number, number];

export interface Finish {
  name: string;
  /** sRGB hex, as a designer would write it ('#8b5a2b'). */
  color: string;
  roughness: number;
  metallic?: number;
}

interface Geometry {
  positions: number[];
  normals: number[];
  indices: number[];
}

/** sRGB 0..255 → the linear 0..1 glTF's baseColorFactor expects. */
const linear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

function rgba(hex: string): [number, number, number, number] {
  const n = parseInt(hex.slice(1), 16);
  return [linear((n >> 16) & 255), linear((n >> 8) & 255), linear(n & 255), 1];
}

/** One writer for every model: building a NodeIO is not free. */
const io = new NodeIO();

export class Model {
  private readonly parts = new Map<Finish, Geometry>();

  constructor(readonly name: string) {}

  private geometry(finish: Finish): Geometry {
    let g = this.parts.get(finish);
    if (!g) this.parts.set(finish, (g = { positions: [], normals: [], indices: [] }));
    return g;
  }

  /** A box of `size` whose centre is `at`. */
  box(finish: Finish, at: Vec3, size: Vec3): this {
    const g = this.geometry(finish);
    const h = size.map((s) => s / 2);
    // Each face: its normal axis and sign, and the two axes spanning it (counter-clockwise seen from outside).
    for (const [axis, sign] of [
      [0, 1],
      [0, -1],
      [1, 1],
      [1, -1],
      [2, 1],
      [2, -1],
    ] as const) {
      const u = (axis + (sign > 0 ? 1 : 2)) % 3;
      const v = (axis + (sign > 0 ? 2 : 1)) % 3;
      const base = g.positions.length / 3;
      for (const [su, sv] of [
        [-1, -1],
        [1, -1],
        [1, 1],
        [-1, 1],
      ]) {
        const p: Vec3 = [0, 0, 0];
        p[axis] = at[axis] + sign * h[axis];
        p[u] = at[u] + su * h[u];
        p[v] = at[v] + sv * h[v];
        const n: Vec3 = [0, 0, 0];
        n[axis] = sign;
        g.positions.push(...p);
        g.normals.push(...n);
      }
      g.indices.push(base, base + 1, base + 2, base, base + 2, base + 3);
    }
    return this;
  }

  /** An upright cylinder (or a cone when the radii differ) from `at` (its bottom centre) up `height`. */
  cylinder(finish: Finish, at: Vec3, radius: number, height: number, top = radius, segments = 12): this {
    const g = this.geometry(finish);
    const slope = (radius - top) / height;
    const base = g.positions.length / 3;
    for (let i = 0; i <= segments; i++) {
      const a = (i / segments) * Math.PI * 2;
      const [c, s] = [Math.cos(a), Math.sin(a)];
      const len = Math.hypot(1, slope);
      g.positions.push(at[0] + c * radius, at[1], at[2] + s * radius, at[0] + c * top, at[1] + height, at[2] + s * top);
      g.normals.push(c / len, slope / len, s / len, c / len, slope / len, s / len);
    }
    for (let i = 0; i < segments; i++) {
      const k = base + i * 2;
      g.indices.push(k, k + 1, k + 3, k, k + 3, k + 2);
    }
    // Caps: a fan around each end's centre.
    for (const [y, r, ny] of [
      [at[1], radius, -1],
      [at[1] + height, top, 1],
    ] as const) {
      if (r <= 0) continue;
      const centre = g.positions.length / 3;
      g.positions.push(at[0], y, at[2]);
      g.normals.push(0, ny, 0);
      for (let i = 0; i <= segments; i++) {
        const a = (i / segments) * Math.PI * 2;
        g.positions.push(at[0] + Math.cos(a) * r, y, at[2] + Math.sin(a) * r);
        g.normals.push(0, ny, 0);
      }
      for (let i = 0; i < segments; i++)
        if (ny > 0) g.indices.push(centre, centre + i + 2, centre + i + 1);
        else g.indices.push(centre, centre + i + 1, centre + i + 2);
    }
    return this;
  }

  /** A sphere (an ellipsoid when `scale` is given) centred on `at`. */
  sphere(finish: Finish, at: Vec3, radius: number, scale: Vec3 = [1, 1, 1], rings = 8, segments = 12): this {
    const g = this.geometry(finish);
    const base = g.positions.length / 3;
    for (let r = 0; r <= rings; r++) {
      const phi = (r / rings) * Math.PI;
      for (let i = 0; i <= segments; i++) {
        const theta = (i / segments) * Math.PI * 2;
        const n: Vec3 = [Math.sin(phi) * Math.cos(theta), Math.cos(phi), Math.sin(phi) * Math.sin(theta)];
        g.positions.push(...n.map((c, k) => at[k] + c * radius * scale[k]));
        const m = n.map((c, k) => c / scale[k]);
        const len = Math.hypot(...m) || 1;
        g.normals.push(...m.map((c) => c / len));
      }
    }
    for (let r = 0; r < rings; r++)
      for (let i = 0; i < segments; i++) {
        const a = base + r * (segments + 1) + i;
        const b = a + segments + 1;
        g.indices.push(a, a + 1, b, a + 1, b + 1, b);
      }
    return this;
  }

  /** The GLB: one mesh, one primitive per finish. */
  async glb(): Promise<Uint8Array> {
    const doc = new Document();
    doc.getRoot().getAsset().generator = 'Visio3D demo models';
    const buffer = doc.createBuffer();
    const mesh = doc.createMesh(this.name);
    for (const [finish, g] of this.parts) {
      const material = doc
        .createMaterial(finish.name)
        .setBaseColorFactor(rgba(finish.color))
        .setRoughnessFactor(finish.roughness)
        .setMetallicFactor(finish.metallic ?? 0);
      const accessor = (type: 'VEC3' | 'SCALAR', array: Float32Array | Uint16Array) =>
        doc.createAccessor().setType(type).setArray(array).setBuffer(buffer);
      mesh.addPrimitive(
        doc
          .createPrimitive()
          .setAttribute('POSITION', accessor('VEC3', Float32Array.from(g.positions)))
          .setAttribute('NORMAL', accessor('VEC3', Float32Array.from(g.normals)))
          .setIndices(accessor('SCALAR', Uint16Array.from(g.indices)))
          .setMaterial(material),
      );
    }
    doc.createScene(this.name).addChild(doc.createNode(this.name).setMesh(mesh));
    return io.writeBinary(doc);
  }
}

/** A deterministic generator of numbers in [0, 1) from a text (mulberry32 over an FNV-1a hash). */
export function seeded(text: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  let a = h >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A value between lo and hi drawn from `random`. */
export const between = (random: () => number, lo: number, hi: number) => lo + random() * (hi - lo);

/** One item of a list drawn from `random`. */
export const pick = <T>(random: () => number, list: readonly T[]): T => list[Math.floor(random() * list.length)];

// A binary glTF 2.0 (GLB) of one mesh: positions, optional normals, one PBR colour. Enough for an STL
// converted for the viewer and for the demo model; written by hand because three's GLTFExporter needs the
// browser's FileReader to produce a GLB.

export interface MeshData {
  positions: Float32Array;
  normals?: Float32Array | null;
  /** Base colour, linear RGBA 0..1. */
  color?: [number, number, number, number];
  name?: string;
}

export const pad4 = (n: number) => (n + 3) & ~3;

export function meshToGlb({ positions, normals, color = [0.8, 0.8, 0.8, 1], name = 'Modèle' }: MeshData): Buffer {
  const count = positions.length / 3;
  const min = [Infinity, Infinity, Infinity];
  const max = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < positions.length; i++) {
    const v = positions[i];
    if (v < min[i % 3]) min[i % 3] = v;
    if (v > max[i % 3]) max[i % 3] = v;
  }
  const withNormals = !!normals && normals.length === positions.length;
  const bin = Buffer.alloc(positions.byteLength + (withNormals ? normals.byteLength : 0));
  Buffer.from(positions.buffer, positions.byteOffset, positions.byteLength).copy(bin, 0);
  if (withNormals) Buffer.from(normals.buffer, normals.byteOffset, normals.byteLength).copy(bin, positions.byteLength);

  const gltf = {
    asset: { version: '2.0', generator: 'Visio3D' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name }],
    meshes: [
      { name, primitives: [{ attributes: { POSITION: 0, ...(withNormals ? { NORMAL: 1 } : {}) }, material: 0 }] },
    ],
    materials: [
      { pbrMetallicRoughness: { baseColorFactor: color, metallicFactor: 0, roughnessFactor: 0.6 }, doubleSided: true },
    ],
    buffers: [{ byteLength: bin.length }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.byteLength, target: 34962 },
      ...(withNormals
        ? [{ buffer: 0, byteOffset: positions.byteLength, byteLength: normals.byteLength, target: 34962 }]
        : []),
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count, type: 'VEC3', min, max },
      ...(withNormals ? [{ bufferView: 1, componentType: 5126, count, type: 'VEC3' }] : []),
    ],
  };
  const prefix = glbPrefix(gltf, bin.length);
  const out = Buffer.alloc(prefix.length + pad4(bin.length));
  prefix.copy(out);
  bin.copy(out, prefix.length);
  return out;
}

/**
 * Everything of a GLB before its binary chunk's bytes: the 12-byte header, the JSON chunk (padded with
 * spaces) and the binary chunk's 8-byte header. `binLength` is the binary data's length before padding;
 * the caller writes the data then pads it with zeros to a multiple of 4 (server/files/stl.ts streams it).
 */
export function glbPrefix(gltf: object, binLength: number): Buffer {
  const json = Buffer.from(JSON.stringify(gltf), 'utf8');
  const jsonLength = pad4(json.length);
  const total = 12 + 8 + jsonLength + 8 + pad4(binLength);
  const out = Buffer.alloc(12 + 8 + jsonLength + 8, 0x20);
  out.write('glTF', 0, 'latin1');
  out.writeUInt32LE(2, 4);
  out.writeUInt32LE(total, 8);
  out.writeUInt32LE(jsonLength, 12);
  out.write('JSON', 16, 'latin1');
  json.copy(out, 20);
  const at = 20 + jsonLength;
  out.writeUInt32LE(pad4(binLength), at);
  out.write('BIN\0', at + 4, 'latin1');
  return out;
}

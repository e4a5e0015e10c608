// A textured test model as a company might upload one: a 100 × 100 grid of quads written as separate
// triangles (every vertex repeated up to six times, no index) and a 4096 px PNG texture, a smooth pattern
// with a little noise (a photo-like image, not a flat colour PNG would compress to nothing). Built with
// glTF Transform and sharp, like the server's optimisation (server/files/optimiseGlb.ts) reads it.
import { Document, NodeIO } from '@gltf-transform/core';
import sharp from 'sharp';

export async function texturePng(side = 4096): Promise<Buffer> {
  const raw = Buffer.alloc(side * side * 3);
  let seed = 1;
  for (let y = 0; y < side; y++)
    for (let x = 0; x < side; x++) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const noise = (seed >>> 28) - 8;
      const i = (y * side + x) * 3;
      raw[i] = Math.max(0, Math.min(255, ((x * 255) / side + noise) | 0));
      raw[i + 1] = Math.max(0, Math.min(255, ((y * 255) / side + noise) | 0));
      raw[i + 2] = Math.max(0, Math.min(255, 128 + 100 * Math.sin((x + y) / 200) + noise));
    }
  return sharp(raw, { raw: { width: side, height: side, channels: 3 } })
    .png()
    .toBuffer();
}

export async function texturedGlb(grid = 100): Promise<Uint8Array> {
  const doc = new Document();
  const buffer = doc.createBuffer();
  const positions: number[] = [];
  const uvs: number[] = [];
  for (let i = 0; i < grid; i++)
    for (let j = 0; j < grid; j++)
      for (const [a, b] of [
        [i, j],
        [i + 1, j],
        [i + 1, j + 1],
        [i, j],
        [i + 1, j + 1],
        [i, j + 1],
      ]) {
        positions.push(a / grid, b / grid, Math.sin(a / 10) * 0.05);
        uvs.push(a / grid, b / grid);
      }
  const texture = doc
    .createTexture('photo')
    .setImage(new Uint8Array(await texturePng()))
    .setMimeType('image/png');
  const material = doc.createMaterial('matière').setBaseColorTexture(texture);
  const primitive = doc
    .createPrimitive()
    .setMaterial(material)
    .setAttribute(
      'POSITION',
      doc.createAccessor().setType('VEC3').setArray(new Float32Array(positions)).setBuffer(buffer),
    )
    .setAttribute('TEXCOORD_0', doc.createAccessor().setType('VEC2').setArray(new Float32Array(uvs)).setBuffer(buffer));
  doc.createScene().addChild(doc.createNode('produit').setMesh(doc.createMesh('produit').addPrimitive(primitive)));
  return new NodeIO().writeBinary(doc);
}

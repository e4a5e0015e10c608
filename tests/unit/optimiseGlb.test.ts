// The viewer's light model (server/files/optimiseGlb.ts, docs/uploads.md "Light models"): a textured model
// the test builds (duplicate vertices, a 4096 px PNG) loses at least 60 % of its bytes and stays a valid
// GLB with the same meshes, its geometry meshopt-compressed and its texture at most 2048 px; and the
// geometry alone (the same grid without its texture) is far lighter with meshopt; and the same runs in the conversion queue's
// worker thread (server/files/modelConversions.ts), as uploads do.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { MeshoptDecoder } from 'meshoptimizer';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';

import { ModelConversions } from '../../server/files/modelConversions';
import { MAX_TEXTURE_PX, optimiseGlb } from '../../server/files/optimiseGlb';
import { texturedGlb } from '../helpers/texturedModel';

let original: Uint8Array;

async function read(bytes: Uint8Array) {
  await MeshoptDecoder.ready;
  const io = new NodeIO()
    .registerExtensions(ALL_EXTENSIONS)
    .registerDependencies({ 'meshopt.decoder': MeshoptDecoder });
  return io.readBinary(bytes);
}

beforeAll(async () => {
  original = await texturedGlb();
}, 60_000);

describe('optimiseGlb', () => {
  it('makes the textured model at least 60 % lighter, still a GLB with the same meshes', async () => {
    const light = await optimiseGlb(original);
    expect(light.byteLength).toBeLessThanOrEqual(original.byteLength * 0.4);

    const before = (await read(original)).getRoot();
    const after = (await read(light)).getRoot();
    expect(Buffer.from(light.subarray(0, 4)).toString('latin1')).toBe('glTF');
    expect(after.listMeshes()).toHaveLength(before.listMeshes().length);
    // meshopt-compressed (the viewer loads its decoder: src/viewer/main.ts), and required by the file.
    expect(after.listExtensionsRequired().map((e) => e.extensionName)).toContain('EXT_meshopt_compression');
    // Its geometry (all but the texture): welded and uncompressed it would be 101 × 101 vertices of 20 bytes
    // (position, UV) and 60 000 indices of 4 bytes; meshopt keeps far less than that.
    const geometry = light.byteLength - after.listTextures()[0].getImage()!.byteLength;
    const uncompressed = 101 * 101 * 20 + 100 * 100 * 6 * 4;
    console.log(`textured model: ${original.byteLength} → ${light.byteLength} bytes, geometry ${geometry} bytes`);
    expect(geometry).toBeLessThanOrEqual(uncompressed * 0.25);
    // The same triangles, their vertices shared (welded): 20 000 triangles, 101 × 101 vertices.
    const prim = after.listMeshes()[0].listPrimitives()[0];
    expect(prim.getIndices()!.getCount()).toBe(100 * 100 * 6);
    expect(prim.getAttribute('POSITION')!.getCount()).toBe(101 * 101);
    // The texture at most 2048 px, re-encoded (opaque: JPEG).
    const [texture] = after.listTextures();
    const meta = await sharp(texture.getImage()!).metadata();
    expect(Math.max(meta.width, meta.height)).toBe(MAX_TEXTURE_PX);
    expect(texture.getMimeType()).toBe('image/jpeg');
  }, 60_000);

  it('runs in the conversion queue’s worker, which answers the size and SHA-256 written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-optimise-'));
    try {
      const input = path.join(dir, 'in.glb');
      const output = path.join(dir, 'out.glb');
      fs.writeFileSync(input, original);
      const conversions = new ModelConversions();
      const answer = await conversions.optimise(input, output);
      const written = fs.readFileSync(output);
      expect(answer.bytes).toBe(written.length);
      expect(answer.bytes).toBeLessThanOrEqual(original.byteLength * 0.4);
      const { createHash } = await import('node:crypto');
      expect(answer.sha256).toBe(createHash('sha256').update(written).digest('hex'));
      // A file that is no model: refused by the worker, and nothing left at the output.
      fs.writeFileSync(input, 'pas un modèle');
      await expect(conversions.optimise(input, output)).rejects.toThrow();
      expect(fs.existsSync(output)).toBe(false);
      await conversions.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});

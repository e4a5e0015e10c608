// The GLB writer, the demo STL's conversion (the parser itself: tests/unit/stl.test.ts) and the sniffing of glTF uploads (docs/viewer.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { meshToGlb } from '../../server/files/glb';
import { sniff } from '../../server/files/sniff';
import { convertStlFile } from '../../server/files/stl';

const chunkJson = (glb: Buffer) => JSON.parse(glb.subarray(20, 20 + glb.readUInt32LE(12)).toString('utf8'));

describe('GLB', () => {
  it('writes a valid GLB 2.0 header, JSON chunk and binary chunk, 4-byte aligned', () => {
    const glb = meshToGlb({ positions: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]) });
    expect(glb.subarray(0, 4).toString('latin1')).toBe('glTF');
    expect(glb.readUInt32LE(4)).toBe(2);
    expect(glb.readUInt32LE(8)).toBe(glb.length);
    expect(glb.length % 4).toBe(0);
    const json = chunkJson(glb);
    expect(json.accessors[0]).toMatchObject({ count: 3, min: [0, 0, 0], max: [1, 1, 0] });
    const binAt = 20 + glb.readUInt32LE(12);
    expect(glb.subarray(binAt + 4, binAt + 8).toString('latin1')).toBe('BIN\0');
    expect(sniff(glb)).toBe('glb');
  });

  it('converts the demo STL (millimetres to metres) and ships a demo GLB that sniffs as GLB', () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-glb-')), 'a.glb');
    convertStlFile('server/db/seed/fixtures/catalogue/abat-jour.stl', out);
    const glb = fs.readFileSync(out);
    const json = chunkJson(glb);
    expect(json.accessors[0].count % 3).toBe(0);
    expect(json.meshes[0].primitives[0].attributes).toHaveProperty('NORMAL');
    expect(sniff(fs.readFileSync('server/db/seed/fixtures/catalogue/applique.glb'))).toBe('glb');
  });

  it('sniffs a glTF JSON and keeps refusing other JSON', () => {
    expect(sniff(Buffer.from('{"asset":{"version":"2.0"},"scenes":[]}'))).toBe('gltf');
    expect(sniff(Buffer.from('{"name":"x"}'))).toBeNull();
  });
});

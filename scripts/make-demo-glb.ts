// Writes the tests' small GLB (server/db/seed/fixtures/catalogue/applique.glb), the file they upload as a
// GLB: a 30 cm brass-coloured box from three.js's BoxGeometry, written by server/files/glb.ts. The demo
// products' models are generated at seed time instead (server/db/demoModels). Run: npx tsx scripts/make-demo-glb.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { BoxGeometry } from 'three';

import { meshToGlb } from '../server/files/glb';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const box = new BoxGeometry(0.2, 0.3, 0.12).toNonIndexed();
const glb = meshToGlb({
  positions: Float32Array.from(box.getAttribute('position').array),
  normals: Float32Array.from(box.getAttribute('normal').array),
  color: [0.78, 0.6, 0.22, 1],
  name: 'Applique Laiton',
});
const target = path.join(root, 'server/db/seed/fixtures/catalogue/applique.glb');
fs.writeFileSync(target, glb);
console.log(`${path.relative(root, target)}: ${glb.length} bytes`);

// An STL (binary or ASCII) as a GLB the viewer shows: three.js's STLLoader parses it (pure code, no DOM),
// then the triangles are written as one mesh (server/files/glb.ts). STL has no units: most CAD tools
// write millimetres, glTF reads metres, hence the scale (docs/viewer.md).
import { STLLoader } from 'three/examples/jsm/loaders/STLLoader.js';

import { meshToGlb } from './glb';

export function stlToGlb(stl: Buffer, scale = 0.001): Buffer {
  const data = stl.buffer.slice(stl.byteOffset, stl.byteOffset + stl.byteLength) as ArrayBuffer;
  const geometry = new STLLoader().parse(data);
  const position = geometry.getAttribute('position');
  if (!position || position.count === 0) throw new Error('STL sans triangle');
  const positions = Float32Array.from(position.array as ArrayLike<number>, (v) => v * scale);
  const normal = geometry.getAttribute('normal');
  return meshToGlb({ positions, normals: normal ? Float32Array.from(normal.array as ArrayLike<number>) : null });
}

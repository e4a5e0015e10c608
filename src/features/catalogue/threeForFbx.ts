// What the FBX conversion takes from three (src/features/catalogue/fbxToGlb.ts), by name so that only these
// parts are bundled; this module is only ever loaded by a dynamic import.
export { LoadingManager, Texture } from 'three';
export { GLTFExporter } from 'three/examples/jsm/exporters/GLTFExporter.js';
export { FBXLoader } from 'three/examples/jsm/loaders/FBXLoader.js';

// Vite plugin: `virtual:meshopt-decoder` is the URL of meshoptimizer's decoder script (MIT), which the public
// viewer names as <model-viewer>'s `meshoptDecoderLocation` (src/viewer/main.ts, docs/viewer.md "meshopt").
// The build emits it into assets/ under a content-hashed name ending in .js (served as JavaScript and kept a
// year, server/http/spa.ts; left out of the service worker's precache like other non-shell scripts), from
// this origin, which is all the viewer's CSP allows. The package only ships it as .cjs/.mjs: `?url` would
// keep the .cjs name, served with a type that is not JavaScript.
import fs from 'node:fs';
import { createRequire } from 'node:module';

import type { Plugin } from 'vite';

const ID = 'virtual:meshopt-decoder';
const RESOLVED = `\0${ID}`;

/** The UMD build, which defines `MeshoptDecoder` when run as a classic script (model-viewer adds a <script>). */
export function meshoptDecoderFile(): string {
  return createRequire(import.meta.url).resolve('meshoptimizer/decoder.cjs');
}

export function meshoptDecoder(): Plugin {
  let serve = false;
  return {
    name: 'visio3d:meshopt-decoder',
    configResolved(config) {
      serve = config.command === 'serve';
    },
    // `virtual:meshopt-decoder?app` is the same URL for the back-office (the dashboard's attention map): a
    // module of its own, so that each entry inlines its own and the viewer gets no chunk shared with the app
    // (one more request on the viewer); both emit the same file, which the bundler writes once.
    resolveId(id) {
      return id === ID || id === `${ID}?app` ? `\0${id}` : null;
    },
    load(id) {
      if (id !== RESOLVED && id !== `${RESOLVED}?app`) return null;
      // The development server serves the package's file as it is.
      if (serve) return `export default ${JSON.stringify(`/@fs${meshoptDecoderFile()}`)};`;
      const ref = this.emitFile({
        type: 'asset',
        name: 'meshopt-decoder.js',
        source: fs.readFileSync(meshoptDecoderFile()),
      });
      return `export default import.meta.ROLLUP_FILE_URL_${ref};`;
    },
  };
}

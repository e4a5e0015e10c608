// V8's explicit compile hint for the main chunk: `//# allFunctionsCalledOnLoad` as a file's first line makes
// Chromium (136 and later) compile all of its functions while the file streams in, on a background thread,
// instead of compiling each one on the main thread when it is first called. Nearly every function of the
// main chunk runs on every load (React DOM, the router, jotai, the app's start-up), so little is compiled
// for nothing; other browsers read a comment. Only the main chunk: marking the frame's and the dashboard's
// chunks too (the frame carries small modules of other pages) made Lighthouse's runs worse on a slow 2-core
// host (docs/performance.md, "The main chunk compiled off the main thread").
//
// The hint must come before any code, and Vite writes its `__vite__mapDeps` line at the top of a chunk in
// its import analysis's `generateBundle` (after `output.postBanner`, which V8 then ignores). So the hint is
// added right after that step, by chaining onto it as vite-plugin-compression2 does, and before that
// plugin compresses the files; the source map gets one more empty line.
import type { OutputBundle } from 'rolldown';
import type { Plugin } from 'vite';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad';
const ENTRY = 'main';

function addHint(bundle: OutputBundle): void {
  for (const chunk of Object.values(bundle)) {
    if (chunk.type !== 'chunk' || !chunk.isEntry || chunk.name !== ENTRY) continue;
    chunk.code = `${COMPILE_HINT}\n${chunk.code}`;
    if (chunk.map) chunk.map.mappings = `;${chunk.map.mappings}`;
    const mapAsset = bundle[`${chunk.fileName}.map`];
    if (mapAsset?.type === 'asset') {
      const map = JSON.parse(String(mapAsset.source)) as { mappings: string };
      map.mappings = `;${map.mappings}`;
      mapAsset.source = JSON.stringify(map);
    }
  }
}

type Hook = (this: unknown, ...args: unknown[]) => unknown;

export function compileHint(): Plugin {
  return {
    name: 'visio3d:compile-hint',
    apply: 'build',
    configResolved(config) {
      const analysis = config.plugins.find((p) => p.name === 'vite:build-import-analysis');
      const hook = analysis?.generateBundle as Hook | { handler: Hook } | undefined;
      if (!analysis || !hook) throw new Error("compileHint: Vite's import analysis plugin not found");
      const chained = (original: Hook): Hook =>
        async function (this: unknown, ...args: unknown[]) {
          await original.apply(this, args);
          addHint(args[1] as OutputBundle);
        };
      if (typeof hook === 'function') (analysis as { generateBundle: Hook }).generateBundle = chained(hook);
      else hook.handler = chained(hook.handler);
    },
  };
}

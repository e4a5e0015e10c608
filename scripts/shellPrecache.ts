// Vite plugin and Workbox manifest transform: the service worker precaches the app's shell only
// (README.md, "Installable PWA, offline"). The shell is what index.html loads before any route: the entry
// chunk, every chunk it imports statically, their stylesheets; with the HTML, fonts, icons and the web
// manifest, which the glob patterns of vite.config.ts find. The pages' chunks (imported dynamically), their
// stylesheets and the analytics worker are left to the service worker's runtime cache (src/sw.ts).
import type { Plugin } from 'vite';
import type { ManifestTransform } from 'workbox-build';

/** What the transform reads of Vite's output bundle. */
export type Bundle = Record<
  string,
  { type: 'chunk' | 'asset'; fileName: string; name?: string; isEntry?: boolean; imports?: string[] }
>;

/** The files of the entry named `entry` and of the chunks it reaches through static imports. */
export function shellFiles(bundle: Bundle, entry: string): Set<string> {
  const start = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry && c.name === entry);
  if (!start) throw new Error(`shellPrecache: no entry chunk "${entry}" in the bundle`);
  const files = new Set<string>();
  const queue = [start.fileName];
  while (queue.length) {
    const name = queue.pop()!;
    if (files.has(name)) continue;
    files.add(name);
    const chunk = bundle[name];
    if (chunk?.type !== 'chunk') continue;
    queue.push(...(chunk.imports ?? []));
    const css = (chunk as { viteMetadata?: { importedCss?: Set<string> } }).viteMetadata?.importedCss;
    for (const file of css ?? []) files.add(file);
  }
  return files;
}

export function shellPrecache(entry = 'main'): { plugin: Plugin; manifestTransform: ManifestTransform } {
  let shell: Set<string> | null = null;
  const plugin: Plugin = {
    name: 'visio3d:shell-precache',
    apply: 'build',
    generateBundle(_options, bundle) {
      shell = shellFiles(bundle, entry);
    },
  };
  // Scripts and stylesheets under assets/ are precached only when they are the shell's.
  const manifestTransform: ManifestTransform = (entries) => {
    if (!shell) throw new Error('shellPrecache: the plugin did not see the bundle (add `plugin` to Vite)');
    const known = shell;
    return {
      manifest: entries.filter((e) => !/^assets\/.*\.(js|css)$/.test(e.url) || known.has(e.url)),
      warnings: [],
    };
  };
  return { plugin, manifestTransform };
}

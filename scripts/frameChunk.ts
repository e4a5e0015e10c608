// Rolldown code-splitting group: the signed-in frame and the small modules its pages share, in one chunk.
// By default each set of lazy chunks that shares a module gets a chunk of its own: a first `/dashboard`
// made 21 requests after the main chunk (most under 1 KB: queries, formatters, icons), behind six
// connections, and the router appended a `modulepreload` link for each in one task (docs/performance.md,
// "Fewer chunks behind the frame").
//
// The frame chunk takes what `src/app/ProtectedLayout.tsx` imports statically (every signed-in page needs
// it first) and the small modules shared by two pages or more whose own imports are there too. What the
// entry points load statically (the sign-in page, the public viewer) is left to them, so the sign-in page
// loads nothing more; large shared modules (PrimeReact's DataTable, Dropdown, Dialog, zod...) stay chunks of
// their own, loaded only by the pages that use them.
import path from 'node:path';

interface ModuleInfo {
  code: string | null;
  importedIds: readonly string[];
  dynamicallyImportedIds: readonly string[];
}
interface ChunkingContext {
  getModuleInfo(id: string): ModuleInfo | null;
}

/** A shared module up to this size (its source, before minification) goes with the frame. */
const SMALL_SHARED = 4 * 1024;

export function frameChunk(root: string) {
  const entries = ['index.html', 'viewer.html'].map((f) => path.join(root, f));
  const frameRoot = path.join(root, 'src/app/ProtectedLayout.tsx');
  const isPage = (id: string) => /[\\/]src[\\/]features[\\/].+Page\.tsx$/.test(id);
  let frame: Set<string> | null = null;

  function plan(ctx: ChunkingContext): Set<string> {
    /** The modules reached from `from` through the imports `edges` names. */
    const closure = (from: string[], edges: (info: ModuleInfo) => readonly string[]) => {
      const out = new Set<string>();
      const stack = [...from];
      while (stack.length) {
        const id = stack.pop()!;
        if (out.has(id)) continue;
        out.add(id);
        const info = ctx.getModuleInfo(id);
        if (info) stack.push(...edges(info));
      }
      return out;
    };
    const staticClosure = (from: string[]) => closure(from, (info) => info.importedIds);
    const initial = staticClosure(entries);
    const all = closure(entries, (info) => [...info.importedIds, ...info.dynamicallyImportedIds]);
    const out = new Set([...staticClosure([frameRoot])].filter((id) => !initial.has(id)));
    const pagesOf = new Map<string, number>();
    for (const page of [...all].filter(isPage))
      for (const id of staticClosure([page])) if (!initial.has(id)) pagesOf.set(id, (pagesOf.get(id) ?? 0) + 1);
    const shared = [...pagesOf]
      .filter(([id, pages]) => pages >= 2 && (ctx.getModuleInfo(id)?.code?.length ?? Infinity) <= SMALL_SHARED)
      .map(([id]) => id);
    // A shared module joins only once everything it imports is in the frame or loaded first: one that needs
    // the DataTable or zod would make every signed-in page load them.
    for (let joined = true; joined;) {
      joined = false;
      for (const id of shared) {
        if (out.has(id)) continue;
        const needs = ctx.getModuleInfo(id)?.importedIds ?? [];
        if (needs.every((dep) => initial.has(dep) || out.has(dep))) {
          out.add(id);
          joined = true;
        }
      }
    }
    return out;
  }

  return {
    name: (id: string, ctx: ChunkingContext) => ((frame ??= plan(ctx)).has(id) ? 'frame' : null),
    // Only what is listed: a module the frame takes brings no dependency of its own along.
    includeDependenciesRecursively: false,
  };
}

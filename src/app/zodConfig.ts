// zod compiles object parsers with `new Function` unless told not to, and probes for it at the first
// object schema: the CSP (script-src 'self', no 'unsafe-eval') refuses the probe and Chrome records a
// violation on every page. Jitless parsing is fast enough for forms. Must run before any schema is used,
// hence the first import of main.tsx: a page's chunk may load and parse (its URL's selection, at module
// evaluation) before the signed-in frame's chunk runs, so importing it there was too late.
// zod keeps its settings in one object on globalThis, which its config() reads and extends (zod/v4/core,
// core.js): writing the flag there keeps zod's code out of the first load (/login, docs/performance.md).
// tests/unit/zodConfig.test.ts checks that zod still reads it.
const shared = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(shared.__zod_globalConfig ??= {}).jitless = true;

export {};

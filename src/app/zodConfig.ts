// zod compiles object parsers with `new Function` unless told not to, and probes for it at the first
// object schema: the CSP (script-src 'self', no 'unsafe-eval') refuses the probe and Chrome records a
// violation on every page. Jitless parsing is fast enough for forms. Must run before any schema is used,
// hence the first import of main.tsx: a page's chunk may load and parse (its URL's selection, at module
// evaluation) before the signed-in frame's chunk runs, so importing it there was too late.
// zod/v4/core's config is the one the classic API reads; importing it alone keeps zod out of the first load.
import { config } from 'zod/v4/core';

config({ jitless: true });

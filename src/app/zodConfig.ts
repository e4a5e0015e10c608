// zod compiles object parsers with `new Function` unless told not to, and probes for it at the first
// object schema: the CSP (script-src 'self', no 'unsafe-eval') refuses the probe and Chrome records a
// violation on every page. Jitless parsing is fast enough for forms. Must run before the first parse (the
// probe is made then, not when a schema is built): it is the first import of the signed-in frame
// (ProtectedLayout), which renders before any page behind it can parse; the sign-in page parses nothing.
// zod/v4/core's config is the one the classic API reads; importing it alone keeps zod out of the first load.
import { config } from 'zod/v4/core';

config({ jitless: true });

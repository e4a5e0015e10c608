// Security headers: a CSP the app works under (PrimeReact injects <style> tags, hence 'unsafe-inline' in
// style-src only; no inline script but the shell's own, by its hash), no framing, no base URI, and no-store
// on every /api answer but those of the few public routes that set their own caching (publicCache).
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

import { SHELL_SCRIPT_SOURCE } from './shellScript';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's answers are the same for everybody (the public viewer's data, model and poster) and it
     * sets its own Cache-Control: kept instead of no-store (docs/viewer.md, "Caching").
     */
    publicCache?: boolean;
  }
}

/**
 * Whether an answer must not be stored: decided by the route the router matched, never by the raw URL
 * ('/%61pi/Customers/forCurrentUser' reaches the /api route too). An answer no route produced (a 404, a
 * malformed URL) is not stored either unless it set its own policy (the app shell's fallback does).
 */
export function personal(routeUrl: string | undefined, hasOwnPolicy: boolean): boolean {
  if (routeUrl) return routeUrl.toLowerCase().startsWith('/api/');
  return !hasOwnPolicy;
}

export function installSecurity(app: FastifyInstance, connectSrc: string[] = []): void {
  // Helmet's middleware made once: @fastify/helmet made it again for every request, parsing the CSP
  // directives each time (bench/notes.md, twentieth pass).
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // The shell's one inline script, by its hash (shellScript.ts); 'wasm-unsafe-eval' compiles WebAssembly
        // only (never eval of script): the dashboard's attention map draws the model with <model-viewer>,
        // whose meshopt decoder is WebAssembly, as the viewer's own CSP allows (viewer.ts).
        scriptSrc: ["'self'", SHELL_SCRIPT_SOURCE, "'wasm-unsafe-eval'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        // blob: and data: for the model's textures, which three.js reads with fetch (as the viewer's CSP).
        connectSrc: ["'self'", 'data:', 'blob:', ...connectSrc],
        mediaSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
      },
    },
    // HSTS only matters behind TLS; helmet sends it, browsers ignore it over plain http.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (request, reply, done) =>
    headers(request.raw, reply.raw, (err) => done(err as Error | undefined)),
  );
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions?.config?.publicCache && reply.hasHeader('Cache-Control')) return;
    if (personal(request.routeOptions?.url, reply.hasHeader('Cache-Control')))
      reply.header('Cache-Control', 'no-store');
  });
}

// Serves the built app from dist/: hashed assets cached for good, everything else revalidated, and the SPA
// fallback (index.html) for any non-API path the router knows.
import fs from 'node:fs';
import path from 'node:path';

import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

import { notFound } from './errors';
import { type AllowedMethods, methodNotAllowed } from './methods';

/**
 * /favicon.ico has no hash in its name but is asked for on every first visit (browsers ask on their own, the
 * viewer page declares it): kept a month, a changed icon shows within that month.
 */
export const FAVICON_CACHE = 'public, max-age=2592000';

function cacheControl(file: string): string {
  if (file.includes(`${path.sep}assets${path.sep}`)) return 'public, max-age=31536000, immutable';
  return path.basename(file) === 'favicon.ico' ? FAVICON_CACHE : 'no-cache';
}

export async function installSpa(
  app: FastifyInstance,
  distDir: string | undefined,
  allowedMethods: AllowedMethods = () => [],
): Promise<void> {
  const hasDist = !!distDir && fs.existsSync(path.join(distDir, 'index.html'));
  if (hasDist) {
    await app.register(fastifyStatic, {
      root: distDir,
      wildcard: true, // files are looked up per request: a build deployed in place is served at once
      index: false,
      // The build's .br and .gz beside each text file (vite.config.ts): no compression per request.
      preCompressed: true,
      setHeaders(reply, file) {
        reply.header('Cache-Control', cacheControl(file));
      },
    });
  }
  // '/' is a directory for the static plugin (403 without an index): serve the shell, as on any app route.
  if (hasDist)
    // Not part of the API: left out of its OpenAPI document, like the static files.
    app.get('/', { schema: { hide: true } }, (_request, reply) => {
      reply.header('Cache-Control', 'no-cache');
      sendShell(reply);
    });
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.toLowerCase();
    // HEAD is answered like GET (uptime monitors and link checkers use it); '/' is the shell too, whose
    // router goes on to /dashboard or /login.
    const read = request.method === 'GET' || request.method === 'HEAD';
    // A known API path asked with a method it does not have: 405 with the methods it has.
    const allowed = url.startsWith('/api/') ? allowedMethods(request.url) : [];
    if (allowed.length) {
      reply.header('Allow', allowed.join(', '));
      throw methodNotAllowed();
    }
    if (url.startsWith('/api/') || url === '/api' || !read || !hasDist) throw notFound('Route inconnue');
    // A missing asset is a 404, not the app shell.
    if (path.extname(url.split('?')[0])) throw notFound('Fichier introuvable');
    reply.header('Cache-Control', 'no-cache');
    sendShell(reply);
  });
}

/**
 * The shell, streamed. Not returned from the handler: a returned reply is awaited as a thenable, which adds
 * two more 'close' listeners to the response on top of the stream's, the compression's and multipart's
 * (eleven in all on a compressed shell: Node's MaxListenersExceededWarning on every one).
 */
function sendShell(reply: FastifyReply): void {
  void reply.type('text/html').sendFile('index.html');
}

// GET /viewer/{key}: the public viewer page (its own Vite entry, dist/viewer.html) under its own CSP:
// framing allowed only by the company's declared origins (frame-ancestors), nothing else loosened beyond
// what <model-viewer> needs: blob: and data: for the model's textures, and 'wasm-unsafe-eval' for its
// WebAssembly decoders (meshopt geometry, compiled when model-viewer loads; it allows compiling WebAssembly
// only, never eval of script). docs/viewer.md. The page names its poster for an early download (preload:
// the poster is its largest paint) and is revalidated with its ETag (304).
import fs from 'node:fs';
import path from 'node:path';

import type { FastifyInstance } from 'fastify';

import { isHttpsOrigin } from '#domain/entreprise';

import { matches } from '../analytics/eventAnswers';
import { etagOf, posterUrl } from '../collect/viewerFiles';
import { viewerProduct } from '../collect/viewerProduct';
import type { Db } from '../db/client';
import { notFound } from './errors';

export function viewerCsp(frameOrigins: string[]): string {
  // Stored origins were validated on the way in; checked again, as they are written into a header.
  const ancestors = ["'self'", ...frameOrigins.filter(isHttpsOrigin)];
  return [
    "default-src 'self'",
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "connect-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${ancestors.join(' ')}`,
  ].join('; ');
}

export async function installViewer(app: FastifyInstance, db: Db, distDir: string | undefined): Promise<void> {
  const page = distDir ? path.join(distDir, 'viewer.html') : null;
  app.get('/viewer/:key', { schema: { hide: true } }, async (request, reply) => {
    const { key } = request.params as { key: string };
    const product = await viewerProduct(db, key);
    if (!product || !page || !fs.existsSync(page)) throw notFound('Visionneuse introuvable');
    // Read per request, like the app's files: a build deployed in place is served at once.
    const poster = posterUrl(key, product);
    const built = await fs.promises.readFile(page, 'utf8');
    // The key is [A-Za-z0-9_-] (viewerProduct) and the name hex: nothing to escape in the attribute.
    const html = poster
      ? built.replace('</head>', `<link rel="preload" as="image" href="${poster}" fetchpriority="high"></head>`)
      : built;
    const csp = viewerCsp(product.frameOrigins);
    const tag = etagOf(`${csp}\n${html}`);
    reply.removeHeader('X-Frame-Options');
    reply
      .header('Content-Security-Policy', csp)
      .header('Cache-Control', 'no-cache')
      .header('ETag', tag)
      .header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send();
    return reply.type('text/html; charset=utf-8').send(html);
  });
}

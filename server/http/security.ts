// Security headers: a CSP the app works under (PrimeReact injects <style> tags, hence 'unsafe-inline' in
// style-src only), no framing, no base URI, and no-store on every /api answer.
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

export async function installSecurity(app: FastifyInstance, connectSrc: string[] = []): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...connectSrc],
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
  app.addHook('onSend', async (request, reply) => {
    if (request.url.toLowerCase().startsWith('/api/')) reply.header('Cache-Control', 'no-store');
  });
}

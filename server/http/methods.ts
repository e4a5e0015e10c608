// Which methods each API path answers, so that a known path asked with another method answers 405 with
// `Allow` (RFC 9110 §15.5.6) instead of the unknown-route 404 (docs/api.md). Filled from every route as it
// is registered (onRoute), read before the body is parsed (onRequest, below) and by the not-found
// handler (server/http/spa.ts).
import type { FastifyInstance } from 'fastify';

import { HttpError, notFound } from './errors';

interface PathMethods {
  url: string;
  pattern: RegExp;
  /** Per segment, 0 static, 1 parameter, 2 wildcard: the smaller, the more specific (the router's order). */
  rank: string;
  methods: Set<string>;
}

/** A route's path as a pattern: ':param' is one segment; case and a trailing slash do not matter (the router's options). */
function routePattern(url: string): RegExp {
  const body = url
    .split('/')
    .map((segment) =>
      segment.startsWith(':') ? '[^/]+' : segment === '*' ? '.*' : segment.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${body}/?$`, 'i');
}

const routeRank = (url: string) =>
  url
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '1' : segment === '*' ? '2' : '0'))
    .join('');

export type AllowedMethods = (url: string) => string[];

/** The decoded path of a request URL, or null when it cannot be decoded. */
function pathOf(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0]);
  } catch {
    return null;
  }
}

/**
 * Records the API's routes. The methods of a path are those of its most specific routes: the router
 * would hand `DELETE /api/Customers/forCurrentUser` to `DELETE /api/Customers/:id`, whose id check
 * answers 400, while the document lists `/api/Customers/forCurrentUser` with GET alone: that request
 * answers 405 with `Allow: GET, HEAD`, as the document says.
 */
export function installMethodTable(app: FastifyInstance): AllowedMethods {
  const table = new Map<string, PathMethods>();
  app.addHook('onRoute', (route) => {
    if (!route.url.toLowerCase().startsWith('/api/')) return;
    const entry = table.get(route.url) ?? {
      url: route.url,
      pattern: routePattern(route.url),
      rank: routeRank(route.url),
      methods: new Set<string>(),
    };
    for (const m of [route.method].flat()) entry.methods.add(m.toUpperCase());
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
    table.set(route.url, entry);
  });

  /** The most specific routes whose pattern the path matches (empty: the path is unknown). */
  const mostSpecific = (url: string): PathMethods[] => {
    const path = pathOf(url);
    if (path === null) return [];
    const matching = [...table.values()].filter((e) => e.pattern.test(path));
    if (!matching.length) return [];
    const best = matching.map((e) => e.rank).sort()[0];
    return matching.filter((e) => e.rank === best);
  };
  const methodsOf = (entries: PathMethods[]) => [...new Set(entries.flatMap((e) => [...e.methods]))].sort();
  const allowedMethods: AllowedMethods = (url) => methodsOf(mostSpecific(url));

  // Before the body is read: the not-found route parses a body as any route does (a QUERY without
  // Content-Type would answer Fastify's 400, RFC 10008 §2), and a parametric route reached by a method
  // the more specific path lacks would validate its parameter (400) instead.
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.toLowerCase().startsWith('/api/')) return;
    const routeUrl = request.is404 ? undefined : request.routeOptions.url;
    if (routeUrl !== undefined && !/[:*]/.test(routeUrl)) return;
    const best = mostSpecific(request.url);
    if (routeUrl !== undefined && (!best.length || best.some((e) => e.url === routeUrl))) return;
    if (!best.length) throw notFound('Route inconnue');
    void reply.header('Allow', methodsOf(best).join(', '));
    throw methodNotAllowed();
  });
  return allowedMethods;
}

/** The 405 of a known path asked with a method it does not have. */
export const methodNotAllowed = () =>
  new HttpError(405, 'Méthode non autorisée', "Cette méthode n'est pas acceptée à cette adresse.");

// Which methods each API path answers, so that a known path asked with another method answers 405 with
// `Allow` (RFC 9110 §15.5.6) instead of the unknown-route 404 (issue 21). Filled from every route as it is
// registered (onRoute), read by the not-found handler (server/http/spa.ts).
import type { FastifyInstance } from 'fastify';

import { HttpError } from './errors';

interface PathMethods {
  pattern: RegExp;
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

export type AllowedMethods = (url: string) => string[];

/** Records the API's routes; the answer lists the methods a path has (empty: the path is unknown). */
export function installMethodTable(app: FastifyInstance): AllowedMethods {
  const table = new Map<string, PathMethods>();
  app.addHook('onRoute', (route) => {
    if (!route.url.toLowerCase().startsWith('/api/')) return;
    const entry = table.get(route.url) ?? { pattern: routePattern(route.url), methods: new Set<string>() };
    for (const m of [route.method].flat()) entry.methods.add(m.toUpperCase());
    if (entry.methods.has('GET')) entry.methods.add('HEAD');
    table.set(route.url, entry);
  });
  return (url) => {
    let path = url.split('?')[0];
    try {
      path = decodeURIComponent(path);
    } catch {
      return [];
    }
    const allowed = new Set<string>();
    for (const { pattern, methods } of table.values()) if (pattern.test(path)) for (const m of methods) allowed.add(m);
    return [...allowed].sort();
  };
}

/** The 405 of a known path asked with a method it does not have. */
export const methodNotAllowed = () =>
  new HttpError(405, 'Méthode non autorisée', "Cette méthode n'est pas acceptée à cette adresse.");

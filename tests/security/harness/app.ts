// The real server (createTestApp: buildApp on a fresh seeded database) plus the list of every route it
// registered, collected at test time by an onRoute hook: a route added tomorrow is seen tomorrow.
import type { RouteOptions } from 'fastify';
import type { ZodType } from 'zod';

import { routePlugins } from '../../../server/areas';
import type { RoutePlugin } from '../../../server/deps';
import { createTestApp, type TestApp } from '../../helpers/app';

export interface RouteInfo {
  method: string;
  url: string;
  /** "GET /api/customers/:id": the key of the matrix (the router is case-insensitive). */
  key: string;
  public: boolean;
  schema: { body?: ZodType; querystring?: ZodType; params?: ZodType; response?: Record<string, unknown> };
}

export const routeKey = (method: string, url: string) => `${method.toUpperCase()} ${url.toLowerCase()}`;

/** A test app and the /api routes it serves (HEAD twins of GET routes left out). */
export async function createAppWithRoutes(
  options: Parameters<typeof createTestApp>[0] = {},
): Promise<{ t: TestApp; routes: RouteInfo[] }> {
  const routes: RouteInfo[] = [];
  const collector: RoutePlugin = async (app) => {
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) {
        if (method === 'HEAD' || !route.url.toLowerCase().startsWith('/api/')) continue;
        routes.push({
          method,
          url: route.url,
          key: routeKey(method, route.url),
          public: !!route.config?.public,
          schema: (route.schema ?? {}) as RouteInfo['schema'],
        });
      }
    });
  };
  // Registered at the root (skip-override): its hook then sees the routes of every plugin after it.
  (collector as unknown as Record<symbol, boolean>)[Symbol.for('skip-override')] = true;
  routePlugins.unshift(collector);
  try {
    const t = await createTestApp(options);
    // The document and its reference page (/api/docs, /api/docs/ui/…) are public and hold no one's data.
    return { t, routes: routes.filter((r) => !r.url.toLowerCase().startsWith('/api/docs')) };
  } finally {
    routePlugins.splice(routePlugins.indexOf(collector), 1);
  }
}

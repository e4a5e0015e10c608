// The readable reference beside the JSON document: Swagger UI (@fastify/swagger-ui, MIT) at
// /api/docs/ui, public like the document itself. Its page loads its scripts and styles from its own
// files (no inline script), so it works under the product's CSP (server/http/security.ts) unchanged.
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

export const REFERENCE_PAGE = '/api/docs/ui';

export async function installReferencePage(app: FastifyInstance): Promise<void> {
  await app.register(async (scope) => {
    // The guard lets public routes through (server/auth/guard.ts); these pages hold no one's data.
    scope.addHook('onRoute', (route) => {
      route.config = { ...route.config, public: true };
      route.schema = { ...route.schema, hide: true };
    });
    await scope.register(swaggerUi, {
      routePrefix: REFERENCE_PAGE,
      uiConfig: { url: '/api/docs', docExpansion: 'list', deepLinking: true, persistAuthorization: false },
      theme: { title: 'API du back-office 3D/AR — référence' },
    });
  });
}

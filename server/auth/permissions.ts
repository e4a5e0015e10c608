// The server side of src/domain/permissions.ts: a refused action is a logged 403, whatever the screens hide.
// Routes declare it as `preHandler: requirePermission('action')`: it runs after the guard and the schema
// validation, before the handler (docs/architecture.md, "Server idioms").
import type { FastifyRequest } from 'fastify';

import { type Action, can } from '../../src/domain/permissions';
import { forbidden } from '../http/errors';

/** A route's preHandler: a role the table does not allow `action` answers 403 with `detail`. */
export function requirePermission(action: Action, detail?: string) {
  const check = async (request: FastifyRequest): Promise<void> => {
    if (can(request.user?.role, action)) return;
    request.log.warn({ event: 'authz.refused', reason: action, userId: request.user?.userId, url: request.url });
    throw forbidden(detail);
  };
  // Read by the API document, which names the roles from the same table (server/http/openapi/transform.ts).
  return Object.assign(check, { permission: action });
}

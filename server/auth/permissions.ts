// The server side of src/domain/permissions.ts: a refused action is a logged 403, whatever the screens hide.
import type { FastifyRequest } from 'fastify';

import { type Action, can } from '../../src/domain/permissions';
import { forbidden } from '../http/errors';

export function requirePermission(request: FastifyRequest, action: Action, detail?: string): void {
  if (can(request.user?.role, action)) return;
  request.log.warn({ event: 'authz.refused', reason: action, userId: request.user?.userId, url: request.url });
  throw forbidden(detail);
}

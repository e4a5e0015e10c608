// Every /api route requires a valid bearer token unless its route config says `public: true`. The check
// runs in onRequest, before the body is read, parsed or validated: a caller without a valid token costs
// the server one token check and gets 401, never a body parse nor the list of field rules
// (docs/security-dos.md).
import type { FastifyInstance, FastifyRequest } from 'fastify';

import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../http/errors';
import { accountRefusal, loadSessionUser, type SessionUser } from './session';
import type { TokenService } from './tokens';

declare module 'fastify' {
  interface FastifyContextConfig {
    public?: boolean;
  }
  interface FastifyRequest {
    user: SessionUser;
  }
}

function bearer(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match ? match[1] : null;
}

export function installGuard(app: FastifyInstance, db: Db, tokens: TokenService): void {
  app.decorateRequest('user', null as unknown as SessionUser);
  app.addHook('onRequest', async (request) => {
    // Guard the API's own routes (by the matched route, not the raw URL: '/%61pi/…' matches them too);
    // unknown paths fall to the static files and the JSON 404.
    if (!request.routeOptions.url?.toLowerCase().startsWith('/api/')) return;
    if (request.routeOptions.config?.public) return;
    const token = bearer(request);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) {
      request.log.warn({ event: 'authz.refused', reason: token ? 'invalid token' : 'no token', url: request.url });
      throw unauthorized();
    }
    const user = await loadSessionUser(db, { userId: claims.userId });
    // Logout, password change and disable bump the version: older tokens stop working at once.
    if (!user || user.tokenVersion !== claims.version || !user.isActive) {
      request.log.warn({ event: 'authz.refused', reason: 'revoked token', userId: claims.userId, url: request.url });
      throw unauthorized('Session expirée, veuillez vous reconnecter');
    }
    const refusal = await accountRefusal(db, user);
    if (refusal) {
      request.log.warn({ event: 'authz.refused', reason: refusal, userId: user.userId, url: request.url });
      throw forbidden(refusal);
    }
    const { passwordHash: _omit, ...sessionUser } = user;
    request.user = sessionUser;
  });
}

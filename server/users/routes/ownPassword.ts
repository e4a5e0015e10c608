// PUT /api/User/me/password: every user changes his own password, giving the current one. The token
// version is bumped (every other session of the user ends) and the answer carries a fresh token, so the
// screen the user is on keeps working without a new sign-in.
import { eq, sql } from 'drizzle-orm';

import { ownPasswordChangedSchema, ownPasswordChangeSchema, SAME_PASSWORD } from '#domain/ownPassword';
import { WRONG_CURRENT_PASSWORD } from '#domain/permissions';

import { requirePermission } from '../../auth/access';
import { hashPassword, verifyPassword } from '../../auth/password';
import { loadSessionUser } from '../../auth/session';
import { users } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { badRequest, unauthorized } from '../../http/errors';

const ownPasswordRoutes: RoutePlugin = async (app, { db, tokens }) => {
  app.put(
    '/api/User/me/password',
    {
      preHandler: requirePermission('password.changeOwn'),
      schema: {
        tags: ['User'],
        body: ownPasswordChangeSchema,
        rules: [WRONG_CURRENT_PASSWORD, SAME_PASSWORD],
        response: { 200: ownPasswordChangedSchema },
      },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      const me = await loadSessionUser(db, { userId: request.user.userId });
      if (!me) throw unauthorized('Session expirée, veuillez vous reconnecter');
      if (!(await verifyPassword(me.passwordHash, currentPassword))) {
        request.log.warn({
          event: 'user.password_change_refused',
          reason: 'wrong current password',
          userId: me.userId,
        });
        throw badRequest(WRONG_CURRENT_PASSWORD, { errors: { currentPassword: WRONG_CURRENT_PASSWORD } });
      }
      if (newPassword === currentPassword) throw badRequest(SAME_PASSWORD, { errors: { newPassword: SAME_PASSWORD } });
      const [row] = await db
        .update(users)
        .set({ passwordHash: await hashPassword(newPassword), tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.userId, me.userId))
        .returning({ tokenVersion: users.tokenVersion });
      request.log.info({ event: 'user.password_changed', userId: me.userId, by: me.userId });
      return { token: await tokens.sign({ userId: me.userId, version: row.tokenVersion }) };
    },
  );
};

export default ownPasswordRoutes;

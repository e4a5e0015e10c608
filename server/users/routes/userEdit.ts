// PUT /api/User/{userId}/fonction|nom|prenom|mail|mobile|disable|password (Admin only, docs/permissions.md).
// Another Admin is refused for every one of them (managesUser); disable and password change revoke tokens.
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';

import { managesUser, OTHER_ADMIN_REFUSED } from '#domain/permissions';
import { userSchema } from '#domain/user';
import { type InlineField, inlineFieldSchemas, passwordChangeSchema } from '#domain/userForm';

import { requirePermission } from '../../auth/access';
import { hashPassword } from '../../auth/password';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { badRequest, conflict, forbidden } from '../../http/errors';
import { idParams, noContent } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { findReachableUser, isUniqueViolation, MAIL_TAKEN } from '../userQueries';

const params = idParams('userId');
const manageUsers = requirePermission('user.manage');
const OWN_ACCOUNT = 'Vous ne pouvez pas désactiver votre propre compte';
const OWN_PASSWORD_ROUTE =
  'Votre propre mot de passe se change par « Modifier mon mot de passe », avec le mot de passe actuel';

/** The target of an Admin action (the route's preHandler checked the permission), or 403 (another Admin) / 404. */
async function adminTarget(db: Db, request: FastifyRequest, userId: number) {
  const target = await findReachableUser(db, request.user, userId);
  if (!managesUser(request.user, { userId: target.userId, role: target.nomRole })) {
    request.log.warn({
      event: 'authz.refused',
      reason: 'other admin',
      userId: request.user.userId,
      target: target.userId,
      url: request.url,
    });
    throw forbidden(OTHER_ADMIN_REFUSED);
  }
  return target;
}

const userEditRoutes: RoutePlugin = async (app, { db }) => {
  for (const field of Object.keys(inlineFieldSchemas) as InlineField[]) {
    app.put(
      `/api/User/:userId/${field}`,
      {
        preHandler: manageUsers,
        schema: {
          tags: ['User'],
          params,
          body: inlineFieldSchemas[field],
          response: { 200: userSchema, ...problems(404, 409) },
        },
      },
      async (request) => {
        const target = await adminTarget(db, request, request.params.userId);
        const value = (request.body as Record<string, string>)[field];
        const column = { fonction: 'fonction', nom: 'nom', prenom: 'prenom', mail: 'mail', mobile: 'mobile' }[field];
        if (field === 'mail') {
          const [taken] = await db.select({ userId: users.userId }).from(users).where(eq(users.mail, value));
          if (taken && taken.userId !== target.userId) throw conflict(MAIL_TAKEN);
        }
        try {
          await db
            .update(users)
            .set({ [column]: field === 'fonction' && value === '' ? null : value })
            .where(eq(users.userId, target.userId));
        } catch (err) {
          if (isUniqueViolation(err)) throw conflict(MAIL_TAKEN);
          throw err;
        }
        request.log.info({ event: 'user.updated', field, userId: target.userId, by: request.user.userId });
        return findReachableUser(db, request.user, target.userId);
      },
    );
  }

  app.put(
    '/api/User/:userId/disable',
    {
      preHandler: manageUsers,
      schema: { tags: ['User'], params, rules: [OWN_ACCOUNT], response: { 200: userSchema, ...problems(404) } },
    },
    async (request) => {
      const target = await adminTarget(db, request, request.params.userId);
      if (target.userId === request.user.userId) throw badRequest(OWN_ACCOUNT);
      // The version bump makes every token of this user stop working at once.
      await db
        .update(users)
        .set({ isActive: false, tokenVersion: sql`${users.tokenVersion} + 1` })
        .where(eq(users.userId, target.userId));
      request.log.info({ event: 'user.disabled', userId: target.userId, by: request.user.userId });
      return findReachableUser(db, request.user, target.userId);
    },
  );

  app.put(
    '/api/User/:userId/password',
    {
      preHandler: manageUsers,
      schema: { tags: ['User'], params, body: passwordChangeSchema, response: { 204: noContent, ...problems(404) } },
    },
    async (request, reply) => {
      const target = await adminTarget(db, request, request.params.userId);
      // One's own password needs the current one: PUT /api/User/me/password.
      if (target.userId === request.user.userId) throw forbidden(OWN_PASSWORD_ROUTE);
      await db
        .update(users)
        .set({
          passwordHash: await hashPassword(request.body.newPassword),
          tokenVersion: sql`${users.tokenVersion} + 1`,
        })
        .where(eq(users.userId, target.userId));
      request.log.info({ event: 'user.password_changed', userId: target.userId, by: request.user.userId });
      return reply.status(204).send();
    },
  );
};

export default userEditRoutes;

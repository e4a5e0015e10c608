// POST /api/User/create (Admin only): the contract's create payload (docs/api.md), validated by the form's own schema.
// The Admin role is given only in the provider's company (grantsRole, docs/permissions.md).
import { and, eq } from 'drizzle-orm';

import { ADMIN_OUTSIDE_PROVIDER, grantsRole } from '#domain/permissions';
import { userSchema } from '#domain/user';
import { userCreateSchema } from '#domain/userForm';

import { requirePermission } from '../../auth/access';
import { hashPassword } from '../../auth/password';
import { entreprises, roles, users } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { badRequest, conflict } from '../../http/errors';
import { problems } from '../../http/openapi/problem';
import { findReachableUser, isUniqueViolation, MAIL_TAKEN } from '../userQueries';

const UNKNOWN_COMPANY = 'Entreprise inconnue';
const UNKNOWN_ROLE = 'Rôle inconnu';
const MANAGER_ELSEWHERE = "Le manager doit appartenir à l'entreprise choisie";

const userCreateRoutes: RoutePlugin = async (app, { db }) => {
  app.post(
    '/api/User/create',
    {
      preHandler: requirePermission('user.create'),
      schema: {
        tags: ['User'],
        body: userCreateSchema,
        rules: [UNKNOWN_COMPANY, UNKNOWN_ROLE, ADMIN_OUTSIDE_PROVIDER, MANAGER_ELSEWHERE],
        response: { 201: userSchema, ...problems(404, 409) },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const [entreprise] = await db.select().from(entreprises).where(eq(entreprises.entrepriseId, body.EntrepriseId));
      if (!entreprise) throw badRequest(UNKNOWN_COMPANY, { errors: { EntrepriseId: UNKNOWN_COMPANY } });
      const [role] = await db.select().from(roles).where(eq(roles.roleId, body.RoleId));
      if (!role) throw badRequest(UNKNOWN_ROLE, { errors: { RoleId: UNKNOWN_ROLE } });
      if (!grantsRole(request.user, role.nomRole, entreprise.entrepriseId)) {
        request.log.warn({
          event: 'authz.refused',
          reason: 'admin outside provider',
          userId: request.user.userId,
          entrepriseId: entreprise.entrepriseId,
        });
        throw badRequest(ADMIN_OUTSIDE_PROVIDER, { errors: { RoleId: ADMIN_OUTSIDE_PROVIDER } });
      }
      if (body.ManagerId) {
        const [manager] = await db
          .select({ userId: users.userId })
          .from(users)
          .where(and(eq(users.userId, body.ManagerId), eq(users.entrepriseId, body.EntrepriseId)));
        if (!manager) {
          throw badRequest(MANAGER_ELSEWHERE, { errors: { ManagerId: MANAGER_ELSEWHERE } });
        }
      }
      const [taken] = await db.select({ userId: users.userId }).from(users).where(eq(users.mail, body.Mail));
      if (taken) throw conflict(MAIL_TAKEN);
      let userId: number;
      try {
        [{ userId }] = await db
          .insert(users)
          .values({
            entrepriseId: body.EntrepriseId,
            roleId: body.RoleId,
            nom: body.Nom,
            prenom: body.Prenom,
            mail: body.Mail,
            mobile: body.Mobile,
            fonction: body.Fonction ?? null,
            managerId: body.ManagerId ?? null,
            passwordHash: await hashPassword(body.Password),
            isActive: body.IsActive,
          })
          .returning({ userId: users.userId });
      } catch (err) {
        if (isUniqueViolation(err)) throw conflict(MAIL_TAKEN);
        throw err;
      }
      request.log.info({ event: 'user.created', userId, by: request.user.userId });
      return reply.status(201).send(await findReachableUser(db, request.user, userId));
    },
  );
};

export default userCreateRoutes;

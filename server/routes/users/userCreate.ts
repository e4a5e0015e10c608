// POST /api/User/create (Admin only): the spec's create payload, validated by the form's own schema.
// The Admin role is given only in the provider's company (grantsRole, docs/permissions.md).
import { and, eq } from 'drizzle-orm';
import { userCreateSchema } from '../../../src/domain/userForm';
import { entreprises, roles, users } from '../../db/schema';
import { ADMIN_OUTSIDE_PROVIDER, grantsRole } from '../../../src/domain/permissions';
import { requirePermission } from '../../auth/permissions';
import { hashPassword } from '../../auth/password';
import { badRequest, conflict } from '../../http/errors';
import type { RoutePlugin } from '../../deps';
import { MAIL_TAKEN, isUniqueViolation, reachableUser, userSchema } from './userQueries';

const userCreateRoutes: RoutePlugin = async (app, { db }) => {
  app.post(
    '/api/User/create',
    { schema: { tags: ['User'], body: userCreateSchema, response: { 201: userSchema } } },
    async (request, reply) => {
      requirePermission(request, 'user.create');
      const body = request.body;
      const [entreprise] = await db.select().from(entreprises).where(eq(entreprises.entrepriseId, body.EntrepriseId));
      if (!entreprise) throw badRequest('Entreprise inconnue', { errors: { EntrepriseId: 'Entreprise inconnue' } });
      const [role] = await db.select().from(roles).where(eq(roles.roleId, body.RoleId));
      if (!role) throw badRequest('Rôle inconnu', { errors: { RoleId: 'Rôle inconnu' } });
      if (!grantsRole(request.user, role.nomRole, entreprise.entrepriseId)) {
        request.log.warn({ event: 'authz.refused', reason: 'admin outside provider', userId: request.user.userId, entrepriseId: entreprise.entrepriseId });
        throw badRequest(ADMIN_OUTSIDE_PROVIDER, { errors: { RoleId: ADMIN_OUTSIDE_PROVIDER } });
      }
      if (body.ManagerId) {
        const [manager] = await db
          .select({ userId: users.userId })
          .from(users)
          .where(and(eq(users.userId, body.ManagerId), eq(users.entrepriseId, body.EntrepriseId)));
        if (!manager) {
          throw badRequest("Le manager doit appartenir à l'entreprise choisie", {
            errors: { ManagerId: "Le manager doit appartenir à l'entreprise choisie" },
          });
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
      return reply.status(201).send(await reachableUser(db, request.user, userId));
    },
  );
};

export default userCreateRoutes;
